export { PasskeyOffer } from "./components/passkey-offer";
export { PasskeysPage } from "./components/passkeys-page";
