import type { UploadKind } from "@bm/shared";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface StoredUpload {
  id: string;
  userId: string;
  mime: string;
  bytes: Buffer;
}

export interface NewUpload {
  id: string;
  userId: string;
  trialId: number;
  kind: UploadKind;
  mime: string;
  bytes: Buffer;
  sha256: string;
  /** The covenant's typed full name; null for the oath. */
  caption: string | null;
  at: Date;
}

/**
 * Writes an upload inside the transaction that records the right answer (a verdict's `keep`), so
 * it exists exactly when the completion does. The unique (user, trial, kind) key backs the one
 * attempt.
 */
export async function insertTrialUpload(tx: Tx, upload: NewUpload): Promise<void> {
  await tx.query(
    `INSERT INTO trial_uploads (id, user_id, trial_id, kind, mime, bytes, size, sha256, caption, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      upload.id,
      upload.userId,
      upload.trialId,
      upload.kind,
      upload.mime,
      upload.bytes,
      upload.bytes.length,
      upload.sha256,
      upload.caption,
      upload.at,
    ],
  );
}

/** What a member's upload is, without its bytes. */
export interface UploadSummary {
  id: string;
  kind: UploadKind;
  mime: string;
  size: number;
  createdAt: Date;
}

export class TrialUploadRepository extends Repository {
  /** The member's uploads for the trial with this slug (at most one of each kind). */
  async ofMember(userId: string, slug: string, tx?: Tx): Promise<UploadSummary[]> {
    const rows = await this.rows<{ id: string; kind: UploadKind; mime: string; size: number; created_at: Date }>(
      `SELECT u.id, u.kind, u.mime, u.size, u.created_at FROM trial_uploads u
         JOIN trials t ON t.id = u.trial_id
        WHERE u.user_id = $1 AND t.url_slug = $2
        ORDER BY u.kind`,
      [userId, slug],
      tx,
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, mime: r.mime, size: r.size, createdAt: r.created_at }));
  }

  async byId(id: string, tx?: Tx): Promise<StoredUpload | null> {
    const row = await this.first<{ id: string; user_id: string; mime: string; bytes: Buffer | Uint8Array }>(
      `SELECT id, user_id, mime, bytes FROM trial_uploads WHERE id = $1`,
      [id],
      tx,
    );
    return row ? { id: row.id, userId: row.user_id, mime: row.mime, bytes: Buffer.from(row.bytes) } : null;
  }
}
