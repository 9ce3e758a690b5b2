import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

/**
 * A picture the operator uploaded for a puzzle or trial, served by the challenge media route under
 * the same visibility rule as the shipped artwork (never before its challenge unlocks). Kept in
 * Postgres so every node serves it.
 */
export interface ChallengeImage {
  name: string;
  mime: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  createdAt: Date;
}

export const ChallengeImageEntity = new EntitySchema<ChallengeImage>({
  name: "ChallengeImage",
  tableName: "challenge_images",
  columns: {
    name: { type: "varchar", length: 100, primary: true },
    mime: col.varchar(40),
    bytes: { type: "bytea" },
    size: col.int(),
    sha256: col.varchar(64),
    createdAt: col.createdAt(),
  },
});
