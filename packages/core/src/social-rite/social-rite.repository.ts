import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface SocialCodeRow {
  id: number;
  userId: string;
  code: string;
  email: string;
  completedAt: Date | null;
}

interface RawRow {
  id: number;
  user_id: string;
  unique_code: string;
  email: string;
  completed_at: Date | null;
}

const toRow = (r: RawRow): SocialCodeRow => ({
  id: r.id,
  userId: r.user_id,
  code: r.unique_code,
  email: r.email,
  completedAt: r.completed_at,
});

const SELECT = `SELECT i.id, i.user_id, i.unique_code, u.email, i.completed_at
                  FROM instagram_completions i JOIN users u ON u.id = i.user_id`;

/** The social rite's codes (`instagram_completions`): one per member, unique, completed once. */
export class SocialRiteRepository extends Repository {
  async findByUser(userId: string, tx?: Tx): Promise<SocialCodeRow | null> {
    const row = await this.first<RawRow>(`${SELECT} WHERE i.user_id = $1`, [userId], tx);
    return row ? toRow(row) : null;
  }

  async findByCodes(codes: string[], tx?: Tx): Promise<Map<string, SocialCodeRow>> {
    const rows = await this.rows<RawRow>(`${SELECT} WHERE i.unique_code = ANY($1::text[])`, [codes], tx);
    return new Map(rows.map((r) => [r.unique_code, toRow(r)]));
  }

  /** Gives the member this code unless they (or the code) already have a row; whether it was taken. */
  async insertIfAbsent(userId: string, code: string, tx?: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `INSERT INTO instagram_completions (user_id, unique_code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
      [userId, code],
      tx,
    );
    return rows.length > 0;
  }

  async markCompleted(id: number, at: Date, tx: Tx): Promise<void> {
    await this.rows(
      `UPDATE instagram_completions SET completed_at = $2 WHERE id = $1 AND completed_at IS NULL`,
      [id, at],
      tx,
    );
  }
}
