import type { CreditAdjustment } from "@bm/shared/admin";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { CreditAdjustmentRow } from "./credit-adjustment.entity";

/** The operator's credit adjustments: each one's row, the source of its `admin` ledger row. */
export class CreditAdjustmentRepository extends Repository {
  async adjustments(userId: string, tx?: Tx): Promise<CreditAdjustment[]> {
    const rows = await this.rows<RawAdjustment>(
      `SELECT * FROM credit_adjustments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500`,
      [userId],
      tx,
    );
    return rows.map(adjustmentOf);
  }

  async insertAdjustment(
    row: Omit<CreditAdjustmentRow, "id" | "createdAt" | "user"> & { at: Date },
    tx: Tx,
  ): Promise<CreditAdjustment> {
    const inserted = await this.first<RawAdjustment>(
      `INSERT INTO credit_adjustments (user_id, amount, reason, note, actor_id, actor_email, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [row.userId, row.amount, row.reason, row.note, row.actorId, row.actorEmail, row.at],
      tx,
    );
    if (!inserted) throw new Error("credit adjustment not inserted");
    return adjustmentOf(inserted);
  }
}

interface RawAdjustment {
  id: number;
  amount: number;
  reason: string;
  note: string | null;
  actor_email: string;
  created_at: Date;
}

const adjustmentOf = (r: RawAdjustment): CreditAdjustment => ({
  id: r.id,
  amount: r.amount,
  reason: r.reason,
  note: r.note,
  actorEmail: r.actor_email,
  createdAt: r.created_at.toISOString(),
});
