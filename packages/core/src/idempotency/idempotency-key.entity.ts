import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * A member's request made safe to retry (Stripe's semantics): the key the client sent, what the
 * request was (its route and a hash of its parameters), and once answered the answer's status and
 * body, replayed to every retry within the keys' lifetime. `answeredAt` null: still being decided.
 */
export interface IdempotencyKey {
  userId: string;
  key: string;
  route: string;
  requestHash: string;
  status: number | null;
  body: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  user?: User;
}

export const IdempotencyKeyEntity = new EntitySchema<IdempotencyKey>({
  name: "IdempotencyKey",
  tableName: "idempotency_keys",
  columns: {
    userId: { type: "uuid", primary: true },
    key: { type: "varchar", length: 255, primary: true },
    route: col.varchar(255),
    requestHash: col.varchar(64),
    status: col.int(true),
    body: col.text(true),
    createdAt: { type: "timestamptz" },
    answeredAt: col.time(),
  },
  relations: { user: fk("User", "user_id") },
  indices: [{ name: "ix_idempotency_keys_created", columns: ["createdAt"] }],
});
