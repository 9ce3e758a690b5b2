import { SEED_TARGETS } from "@bm/shared/admin";
import { useState } from "react";
import { AdminSection } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import type { SeedTargetInfo } from "../api/run-seed";
import { SeedDialog } from "./seed-dialog";

/** The Database tab: the four seeds, each asking before it replaces anything. */
export function DatabaseTab() {
  const [open, setOpen] = useState<SeedTargetInfo | null>(null);
  return (
    <AdminSection
      title="Database"
      description="Seeding replaces demo content with the built-in set. Each asks first, and the server refuses while members' data would be lost unless you insist."
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {SEED_TARGETS.map((target) => (
          <li key={target.key} className="flex flex-col gap-3 border border-gold/20 bg-ink-950/50 p-4">
            <h3 className="text-lg">{target.name}</h3>
            <p className="flex-1 text-base text-bone-muted">Replaces {target.replaces}.</p>
            <Button variant="outline" className="self-start" onClick={() => setOpen(target)}>
              Seed {target.name}
            </Button>
          </li>
        ))}
      </ul>
      {open && <SeedDialog key={open.key} target={open} open onOpenChange={(next) => !next && setOpen(null)} />}
    </AdminSection>
  );
}
