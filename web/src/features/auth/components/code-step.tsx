import type { FormEvent, RefObject } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { CodeField } from "./code-field";
import { CodeHelp } from "./code-help";

interface CodeStepProps {
  email: string;
  code: string;
  onCodeChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  verifying: boolean;
  sending: boolean;
  /** Seconds before another code may be asked for. */
  resendIn: number;
  onResend: () => void;
  onChangeEmail: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Why the code was refused, shown at the field. */
  error?: string | null;
}

/** Step II: the six digits, a resend behind its countdown, and the way back to the address. */
export function CodeStep({
  email,
  code,
  onCodeChange,
  onSubmit,
  verifying,
  sending,
  resendIn,
  onResend,
  onChangeEmail,
  inputRef,
  error,
}: CodeStepProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-center text-base text-bone-muted">
        A code was sent to <span className="break-all text-bone">{email}</span>
      </p>
      <CodeField value={code} onChange={onCodeChange} inputRef={inputRef} error={error} />
      <Button type="submit" disabled={verifying} className="w-full">
        {verifying && <Spinner className="h-4 w-4" />}
        {verifying ? "Entering..." : "Enter"}
      </Button>
      <div className="flex flex-col gap-2 min-[420px]:flex-row min-[420px]:justify-between">
        <Button variant="ghost" onClick={onResend} disabled={resendIn > 0 || sending} className="px-2 text-[0.75rem]">
          {resendIn > 0 ? (
            <>
              Resend code <span className="normal-case lining-nums tabular-nums">({resendIn}s)</span>
            </>
          ) : sending ? (
            "Sending..."
          ) : (
            "Resend code"
          )}
        </Button>
        <Button variant="ghost" onClick={onChangeEmail} className="px-2 text-[0.75rem]">
          Change email
        </Button>
      </div>
      <CodeHelp />
    </form>
  );
}
