import { useEffect, useState } from "react";
import { MemberPageHeader } from "../../../components/member-page-header";
import { PageWait } from "../../../components/page-wait";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useEnrolPasskey } from "../api/enrol-passkey";
import { usePasskeys } from "../api/get-passkeys";
import { enrolmentFailure } from "../lib/ceremony-errors";
import { PasskeyItem } from "./passkey-item";

/** /passkeys: the member's passkeys, each named and removable, and a new one for this device. */
export function PasskeysPage() {
  useDocumentTitle("Passkeys");
  const { data, error, refetch } = usePasskeys();
  const enrol = useEnrolPasskey();
  const [capable, setCapable] = useState(true);
  useEffect(() => {
    void import("@simplewebauthn/browser").then((webauthn) => setCapable(webauthn.browserSupportsWebAuthn()));
  }, []);

  const create = () => {
    if (enrol.isPending) return;
    enrol.mutate(undefined, {
      onSuccess: (made) => toast({ title: "Passkey Created", description: `“${made.name}” now opens your account.` }),
      onError: (failure) => toast({ ...enrolmentFailure(failure), variant: "destructive" }),
    });
  };

  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
      <MemberPageHeader eyebrow="Keys of the House" title="Passkeys">
        A passkey lets this device open your account with its fingerprint, face or screen lock. The code the House
        e-mails you always works too.
      </MemberPageHeader>
      <section aria-labelledby="passkeys-heading" className="panel mt-6 px-4 py-6 sm:mt-8 sm:px-8">
        <span className="panel-corners" aria-hidden="true" />
        <h2 id="passkeys-heading" className="text-2xl sm:text-3xl">
          Your passkeys
        </h2>
        {!data ? (
          <PageWait
            error={error}
            onRetry={() => void refetch()}
            failed="Your passkeys could not be read. Try again shortly."
            reading="Reading your passkeys..."
          />
        ) : data.passkeys.length === 0 ? (
          <p className="mt-3 text-lg text-bone-muted italic">No passkey opens your account yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-gold/12 border-y border-gold/15">
            {data.passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {capable ? (
          <Button className="mt-6 w-full sm:w-auto" aria-disabled={enrol.isPending} onClick={create}>
            {enrol.isPending && <Spinner className="h-4 w-4" />}
            {enrol.isPending ? "Creating..." : "Create a passkey on this device"}
          </Button>
        ) : (
          <p className="mt-6 text-base text-bone-muted">This browser cannot make passkeys.</p>
        )}
      </section>
    </main>
  );
}
