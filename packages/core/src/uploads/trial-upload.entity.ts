import type { UploadKind } from "@bm/shared";
import { EntitySchema } from "typeorm";
import type { Challenge } from "../challenges/challenge.entity";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * An upload of a special trial (the oath's recording, the covenant's signature), kept in Postgres
 * so every API node reads it; one per member, trial and kind. Written only with a right answer.
 */
export interface TrialUpload {
  id: string;
  userId: string;
  trialId: number;
  kind: UploadKind;
  /** The type the bytes were detected as (never the declared one). */
  mime: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  /** The covenant's typed full name (a contract without a real name is void); null for the oath. */
  caption: string | null;
  createdAt: Date;
  user?: User;
  trial?: Challenge;
}

export const TrialUploadEntity = new EntitySchema<TrialUpload>({
  name: "TrialUpload",
  tableName: "trial_uploads",
  columns: {
    id: { type: "uuid", primary: true },
    userId: col.userRef(),
    trialId: col.ref(),
    kind: col.varchar(20),
    mime: col.varchar(100),
    bytes: { type: "bytea" },
    size: col.int(),
    sha256: col.varchar(64),
    caption: col.text(true),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id"), trial: fk("Trial", "trial_id") },
  uniques: [{ name: "UQ_trial_uploads_user_trial_kind", columns: ["userId", "trialId", "kind"] }],
  checks: [{ name: "CHK_trial_uploads_kind", expression: `"kind" IN ('oath_audio', 'signature')` }],
});
