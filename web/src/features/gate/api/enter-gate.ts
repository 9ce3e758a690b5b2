import { type GateBody, gateAnswer } from "@bm/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The server checks the gate word (case-insensitively); `ok` says whether it matched. */
export async function enterGate(body: GateBody): Promise<boolean> {
  const answer = await api.post("/api/gate", body, gateAnswer);
  return answer.ok;
}

/** Speaks the gate word; resolves to whether the server let the member through. */
export function useEnterGate() {
  return useMutation({ mutationFn: enterGate });
}
