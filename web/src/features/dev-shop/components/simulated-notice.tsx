/** Said first on the dev shop's checkout: nothing paid here is real. */
export function SimulatedNotice() {
  return (
    <div
      role="note"
      aria-label="Simulated checkout"
      className="border border-ember/60 bg-ember/10 px-4 py-3 text-center"
    >
      <p className="font-display text-xs tracking-[0.22em] text-ember uppercase">Simulated payment</p>
      <p className="mt-1 text-base text-bone">
        No money moves here. This page stands in for the shop's real checkout while the House runs its own test shop:
        paying only records a test order.
      </p>
    </div>
  );
}
