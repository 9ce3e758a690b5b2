import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

export interface VerificationCode {
  id: number;
  email: string;
  /** HMAC-SHA256 of the code (hex); the code itself is never stored. */
  code: string;
  expiresAt: Date;
  verified: boolean;
  /** Wrong tries so far; the code is dead at CODE_MAX_ATTEMPTS. */
  attempts: number;
  /** Set when a newer code replaced this one or it was used. */
  invalidatedAt: Date | null;
  requestIp: string | null;
  createdAt: Date;
}

export const VerificationCodeEntity = new EntitySchema<VerificationCode>({
  name: "VerificationCode",
  tableName: "verification_codes",
  columns: {
    id: col.id(),
    email: col.varchar(254),
    code: col.varchar(64),
    expiresAt: { type: "timestamptz" },
    verified: col.bool(false),
    attempts: col.int(false, 0),
    invalidatedAt: col.time(),
    requestIp: col.varchar(64, true),
    createdAt: col.createdAt(),
  },
  indices: [
    { name: "ix_verification_codes_email_created", columns: ["email", "createdAt"] },
    { name: "ix_verification_codes_ip_created", columns: ["requestIp", "createdAt"] },
  ],
  checks: [{ name: "ck_verification_codes_attempts", expression: `"attempts" >= 0` }],
});
