import type { Passkey } from "@bm/shared";
import { useState } from "react";
import { AdminSection, ConfirmDialog, formatInstant } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { useMemberPasskeys, useRevokePasskey } from "../api/member-passkeys";

/** The member's passkeys, each revocable (audited): the member keeps the e-mailed code. */
export function MemberPasskeys({ memberId }: { memberId: string }) {
  const { data, error } = useMemberPasskeys(memberId);
  const revoke = useRevokePasskey(memberId);
  const [revoking, setRevoking] = useState<Passkey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <AdminSection title="Passkeys" description="The passkeys that open this account; the e-mailed code always does.">
      {error ? (
        <p className="text-base text-bone-muted">{messageOf(error, "The passkeys could not be read.")}</p>
      ) : !data ? (
        <p className="text-base text-bone-muted italic">Reading the passkeys...</p>
      ) : data.passkeys.length === 0 ? (
        <p className="text-base text-bone-muted italic">No passkey.</p>
      ) : (
        <ul aria-label="Passkeys" className="divide-y divide-gold/10 border-y border-gold/10">
          {data.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between">
              <span className="min-w-0 text-base break-words">
                {passkey.name}
                <span className="block text-sm text-bone-muted">
                  made {formatInstant(passkey.createdAt)} · last used {formatInstant(passkey.lastUsedAt)}
                  {passkey.synced && " · synced"}
                </span>
              </span>
              <Button
                variant="outline"
                aria-label={`Revoke ${passkey.name}`}
                onClick={() => {
                  setFailure(null);
                  setRevoking(passkey);
                }}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this passkey?"
        confirmLabel="Revoke passkey"
        pending={revoke.isPending}
        error={failure}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast({ title: "Passkey Revoked", description: `“${revoking.name}” opens nothing any more.` });
              setRevoking(null);
            },
            onError: (err) => setFailure(messageOf(err, "The passkey could not be revoked.")),
          });
        }}
      >
        <p>“{revoking?.name}” will no longer sign this member in. They can still enter with the e-mailed code.</p>
      </ConfirmDialog>
    </AdminSection>
  );
}
