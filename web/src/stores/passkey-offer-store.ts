import { create } from "zustand";

/**
 * Whether the member just signed in with the e-mailed code on this page: then, and only then, the
 * passkey offer may show (the server decides whether it is wanted: not after "never", not while
 * "not now" lasts). The sign-in sets it; the offer clears it once it was answered or not needed.
 */
export const usePasskeyOfferStore = create<{ afterCodeSignIn: boolean }>(() => ({ afterCodeSignIn: false }));

export function offerPasskeyAfterSignIn(): void {
  usePasskeyOfferStore.setState({ afterCodeSignIn: true });
}

export function passkeyOfferSettled(): void {
  usePasskeyOfferStore.setState({ afterCodeSignIn: false });
}
