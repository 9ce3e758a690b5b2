import { EntitySchema } from "typeorm";

export interface SessionRow {
  sid: string;
  sess: Record<string, unknown>;
  expire: Date;
}

export const SessionEntity = new EntitySchema<SessionRow>({
  name: "Session",
  tableName: "sessions",
  columns: {
    sid: { type: "varchar", length: 255, primary: true },
    sess: { type: "json" },
    expire: { type: "timestamptz" },
  },
  indices: [{ name: "ix_sessions_expire", columns: ["expire"] }],
});
