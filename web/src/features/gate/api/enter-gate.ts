import { type GateBody, gateAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** The server checks the gate word (case-insensitively); `ok` says whether it matched. */
export async function enterGate(body: GateBody): Promise<boolean> {
  const answer = await api.post("/api/gate", body, gateAnswer);
  return answer.ok;
}
