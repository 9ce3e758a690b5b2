import { z } from "zod";

export const gateBody = z.object({ password: z.string().max(200) });
export type GateBody = z.infer<typeof gateBody>;
export const gateAnswer = z.object({ ok: z.boolean() });
