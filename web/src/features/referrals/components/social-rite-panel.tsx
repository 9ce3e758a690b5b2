import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useSocialCode } from "../api/get-social-code";
import { PanelFailed, PanelPending } from "./panel-states";

/**
 * The unique-code panel of trial 581a4ae8a2: the member's code, a copy button, where to leave it
 * (a comment beneath the House's post on Instagram), and the completed state once the keepers
 * have read it.
 */
export function SocialRitePanel({ credits }: { credits: number }) {
  const query = useSocialCode();
  if (query.isPending) return <PanelPending label="Inscribing your mark..." />;
  if (query.isError) {
    return <PanelFailed message="Your mark could not be read." onRetry={() => void query.refetch()} />;
  }
  const { code, completed } = query.data;

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: "Code Copied", description: "Your mark is on your clipboard.", aboutPage: true });
    } catch {
      toast({ title: "Copy Failed", description: "Select the code and copy it by hand.", variant: "destructive" });
    }
  }

  return (
    <section aria-label="The social rite" className="flex flex-col gap-3 border border-gold/20 bg-ink-950/50 px-4 py-4">
      <p className="label">Your mark</p>
      <div className="flex flex-wrap items-center gap-3">
        <output
          aria-label="Your code"
          className="border border-gold/50 px-4 py-2 font-display text-2xl tracking-[0.3em] text-gold-bright select-all"
        >
          {code}
        </output>
        <Button variant="outline" onClick={() => void copy()}>
          Copy code
        </Button>
      </div>
      {completed ? (
        <p role="status" className="text-base text-gold-bright">
          <span aria-hidden="true">✦ </span>The keepers have read your mark. The rite is complete and your credits are
          granted.
        </p>
      ) : (
        <p className="text-base text-bone-muted">
          Leave this code as a comment beneath the House's latest post on Instagram. When the keepers read it, {credits}{" "}
          MPC credits are yours. Each mark is counted once.
        </p>
      )}
    </section>
  );
}
