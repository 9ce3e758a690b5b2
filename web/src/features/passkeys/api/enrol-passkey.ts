import { type Passkey, type PasskeyEnrolBody, passkey } from "@bm/shared";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { deviceName } from "../lib/device-name";
import { passkeyKeys } from "./get-passkeys";

/**
 * The whole enrolment: the server's options (a single-use challenge), the browser's passkey sheet,
 * then the server keeps the passkey, named after this device.
 */
export async function enrolPasskey(): Promise<Passkey> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>("/api/passkeys/options");
  const response = await startRegistration({ optionsJSON });
  const body: PasskeyEnrolBody = { response, name: deviceName() };
  return api.post("/api/passkeys", body, passkey);
}

export function useEnrolPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enrolPasskey,
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}
