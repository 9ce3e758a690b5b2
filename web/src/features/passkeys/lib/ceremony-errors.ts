import { ApiError, messageOf } from "../../../lib/api";

/** What the member reads when a passkey was not created: the browser's sheet closed, or the House refused. */
export function enrolmentFailure(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError) return { title: "Not Created", description: messageOf(error, "Try again.") };
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return { title: "No Passkey Created", description: "The request was closed before a passkey was made." };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return { title: "Already Kept", description: "This device already holds a passkey for your account." };
  return { title: "No Passkey Created", description: "This device could not make a passkey. Your code still works." };
}
