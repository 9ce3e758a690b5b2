import { CONTRACT_NAME_MAX_LENGTH, SIGNATURE_ACCEPT, SIGNATURE_MAX_BYTES, SpecialTrialMessages } from "@bm/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { messageOf, titleOf } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { useSealCovenant } from "../api/seal";
import { readAsDataUrl, specialCopy } from "../lib/special-copy";

type Field = "name" | "signature" | "terms";
type Refusal = { field: Field; title: string; message: string };

/** The checks of spec 001 section 5, in the order the member meets them (the server checks them again). */
function refusalOf(name: string, signature: File | null, read: boolean, agree: boolean): Refusal | null {
  if (name.trim() === "")
    return { field: "name", title: specialCopy.nameRequiredTitle, message: SpecialTrialMessages.nameRequired };
  if (!signature) {
    return {
      field: "signature",
      title: specialCopy.signatureRequiredTitle,
      message: SpecialTrialMessages.signatureRequired,
    };
  }
  if (!read || !agree)
    return { field: "terms", title: specialCopy.incompleteTitle, message: SpecialTrialMessages.incomplete };
  return null;
}

/** The contract's form: the typed name, the signature image, the two terms, a confirm dialog. */
export function CovenantContract({ credits, onSealed }: { credits: number; onSealed: () => void }) {
  const id = useId();
  const sealing = useSealCovenant();
  const [name, setName] = useState("");
  const [signature, setSignature] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [read, setRead] = useState(false);
  const [agree, setAgree] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function refuse(next: Refusal) {
    setRefusal(next);
    toast({ title: next.title, description: next.message, variant: "destructive" });
    document.getElementById(`${id}-${next.field}`)?.focus();
  }

  function choose(file: File | undefined) {
    setRefusal(null);
    if (!file) {
      setSignature(null);
      setPreview(null);
      return;
    }
    if (!file.type.startsWith("image/")) {
      setSignature(null);
      setPreview(null);
      refuse({ field: "signature", title: specialCopy.invalidFileTitle, message: SpecialTrialMessages.invalidFile });
      return;
    }
    if (file.size > SIGNATURE_MAX_BYTES) {
      setSignature(null);
      setPreview(null);
      refuse({
        field: "signature",
        title: specialCopy.invalidFileTitle,
        message: SpecialTrialMessages.signatureTooLarge,
      });
      return;
    }
    setSignature(file);
    setPreview(URL.createObjectURL(file));
  }

  function review(event: FormEvent) {
    event.preventDefault();
    const next = refusalOf(name, signature, read, agree);
    if (next) return refuse(next);
    setRefusal(null);
    setConfirming(true);
  }

  async function seal() {
    if (!signature) return;
    const dataUrl = await readAsDataUrl(signature);
    sealing.mutate(
      { answer: "COMPLETE", contractName: name.trim(), signature: dataUrl, read: true, agree: true },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          if (!answer.success) {
            toast({
              title: specialCopy.contractRejectedTitle,
              description: specialCopy.contractRejected,
              variant: "destructive",
            });
            return;
          }
          toast({ title: specialCopy.contractSealedTitle, description: specialCopy.contractSealed(answer.credits) });
          onSealed();
        },
        onError: (cause) => {
          setConfirming(false);
          if (reportIfSessionExpired(cause)) return;
          toast({
            title: titleOf(cause, specialCopy.contractRejectedTitle),
            description: messageOf(cause, specialCopy.contractFailed),
            variant: "destructive",
          });
        },
      },
    );
  }

  const errorOf = (field: Field) => (refusal?.field === field ? refusal.message : null);
  return (
    <form onSubmit={review} noValidate className="flex flex-col gap-5">
      <div>
        <label htmlFor={`${id}-name`} className="label">
          Your full name, as your soul knows it
        </label>
        <input
          id={`${id}-name`}
          className="field"
          value={name}
          maxLength={CONTRACT_NAME_MAX_LENGTH}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
          {...fieldErrorProps(`${id}-name-error`, errorOf("name"))}
        />
        <FieldError id={`${id}-name-error`} message={errorOf("name")} />
      </div>

      <div>
        <label htmlFor={`${id}-signature`} className="label">
          Your signature (PNG, JPG or JPEG image)
        </label>
        <input
          id={`${id}-signature`}
          type="file"
          accept={SIGNATURE_ACCEPT}
          className="block w-full text-base text-bone-muted file:mr-4 file:border file:border-gold/40 file:bg-ink-900 file:px-4 file:py-2 file:text-gold"
          onChange={(event) => choose(event.target.files?.[0])}
          {...fieldErrorProps(`${id}-signature-error`, errorOf("signature"))}
        />
        <FieldError id={`${id}-signature-error`} message={errorOf("signature")} />
        {preview && (
          <img
            src={preview}
            alt="Preview of your signature"
            className="mt-3 max-h-32 max-w-full border border-gold/30 bg-bone/90 object-contain p-2"
          />
        )}
      </div>

      <fieldset className="flex flex-col gap-3" {...fieldErrorProps(`${id}-terms-error`, errorOf("terms"))}>
        <legend className="label">The terms</legend>
        <label className="flex items-start gap-3 text-base text-bone">
          <input
            id={`${id}-terms`}
            type="checkbox"
            className="mt-1 h-5 w-5 accent-gold"
            checked={read}
            onChange={(event) => setRead(event.target.checked)}
          />
          I have read every clause of this covenant.
        </label>
        <label className="flex items-start gap-3 text-base text-bone">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 accent-gold"
            checked={agree}
            onChange={(event) => setAgree(event.target.checked)}
          />
          I agree to its terms and surrender my soul to the market.
        </label>
        <FieldError id={`${id}-terms-error`} message={errorOf("terms")} />
      </fieldset>

      <Button type="submit" className="w-full sm:w-auto" disabled={sealing.isPending}>
        Seal the Contract
      </Button>

      <Dialog
        open={confirming}
        onOpenChange={(open) => !sealing.isPending && setConfirming(open)}
        title="Seal the covenant?"
        description={`Once sealed, the covenant cannot be broken. ${credits} MPC credits await the one soul who signs.`}
      >
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={() => void seal()} disabled={sealing.isPending}>
            {sealing.isPending && <Spinner className="h-4 w-4" />} {sealing.isPending ? "Sealing..." : "Seal my soul"}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={sealing.isPending}>
            Not yet
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
