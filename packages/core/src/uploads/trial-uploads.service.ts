import type { MyUploadsAnswer } from "@bm/shared";
import { NotFoundError } from "../errors";
import type { StoredUpload, TrialUploadRepository } from "./trial-uploads.repository";

/** Who asks for an upload. */
export interface UploadReader {
  id: string;
  isAdmin: boolean;
}

/** Reading the special trials' uploads back: their owner and the operators, nobody else. */
export class TrialUploadService {
  constructor(private readonly uploads: TrialUploadRepository) {}

  /** GET /api/trials/{slug}/uploads: the member's own uploads for a trial, to find them again. */
  async mine(userId: string, slug: string): Promise<MyUploadsAnswer> {
    const uploads = await this.uploads.ofMember(userId, slug);
    return {
      uploads: uploads.map((u) => ({
        id: u.id,
        kind: u.kind,
        mime: u.mime,
        size: u.size,
        createdAt: u.createdAt.toISOString(),
        url: `/api/trials/uploads/${u.id}`,
      })),
    };
  }

  /** Another member's upload reads exactly as a missing one (404), so ids reveal nothing. */
  async read(reader: UploadReader, id: string): Promise<StoredUpload> {
    const upload = await this.uploads.byId(id);
    if (!upload || (upload.userId !== reader.id && !reader.isAdmin)) throw new NotFoundError();
    return upload;
  }
}
