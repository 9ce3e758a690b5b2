import { messageOf, titleOf } from "./api";

export interface ToastWords {
  title: string;
  description: string;
  variant: "default" | "destructive";
}

/**
 * The toast of a submission that got no verdict: the server's refusal in its words ('Error'),
 * 'Connection Lost' when the House could not be reached, else the submission's own fallback
 * ('Failed to submit answer', 'Failed to submit email', 'Failed to submit code').
 */
export function refusalToast(error: unknown, fallback: string): ToastWords {
  return {
    title: titleOf(error, "Error"),
    description: messageOf(error, fallback),
    variant: "destructive",
  };
}
