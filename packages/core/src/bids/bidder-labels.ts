import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";

/**
 * A member's anonymous label on what they bid on ("Bidder 3"): the rank of their first bid,
 * given by the bid function under the target's row lock and kept for the target's life, so
 * voiding a bid never renames anyone. One table per kind of target, one shape for both.
 */
export function bidderLabelsEntity<P extends string>(target: {
  /** The entity's name, its table and the property naming the target's id. */
  name: string;
  table: string;
  parent: P;
  /** The target's entity and the column holding its id. */
  parentEntity: string;
  parentColumn: string;
}) {
  type Row = Record<P, number> & { userId: string; rank: number; parent?: unknown; user?: unknown };
  return new EntitySchema<Row>({
    name: target.name,
    tableName: target.table,
    columns: {
      [target.parent]: { ...col.ref(), primary: true },
      userId: { ...col.userRef(), primary: true },
      rank: col.int(),
    } as EntitySchema<Row>["options"]["columns"],
    relations: { parent: fk(target.parentEntity, target.parentColumn), user: fk("User", "user_id") },
    uniques: [{ name: `uq_${target.table}_rank`, columns: [target.parent, "rank"] }],
    checks: [{ name: `ck_${target.table}_rank`, expression: `"rank" > 0` }],
  });
}
