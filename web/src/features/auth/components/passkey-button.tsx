import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";

interface PasskeyButtonProps {
  pending: boolean;
  /** The House's last refusal of a passkey, shown under the button until the next try. */
  refusal: string | null;
  onClick: () => void;
}

/** "Sign in with a passkey", under the code's way in (which stays whatever happens here). */
export function PasskeyButton({ pending, refusal, onClick }: PasskeyButtonProps) {
  const refusalId = useId();
  return (
    <div className="mt-5 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-sm tracking-widest text-bone-faint uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-gold/20" />
        or
        <span className="h-px flex-1 bg-gold/20" />
      </div>
      <div>
        <Button
          variant="outline"
          className="w-full"
          aria-disabled={pending}
          aria-describedby={refusal ? refusalId : undefined}
          onClick={onClick}
        >
          {pending && <Spinner className="h-4 w-4" />}
          {pending ? "Awaiting your passkey..." : "Sign in with a passkey"}
        </Button>
        <FieldError id={refusalId} message={refusal} />
      </div>
    </div>
  );
}
