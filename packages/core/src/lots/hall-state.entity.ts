import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

/**
 * The House's hand on the whole Bidding Hall, one row: whether the hall is paused, and the banner
 * every member sees (stored, so a page opened or a socket reconnected later still shows it).
 */
export interface HallState {
  id: number;
  pausedAt: Date | null;
  banner: string | null;
  bannerAt: Date | null;
}

export const HallStateEntity = new EntitySchema<HallState>({
  name: "HallState",
  tableName: "hall_state",
  columns: {
    id: { type: "smallint", primary: true },
    pausedAt: col.time(),
    banner: col.text(true),
    bannerAt: col.time(),
  },
  checks: [{ name: "ck_hall_state_single", expression: `"id" = 1` }],
});
