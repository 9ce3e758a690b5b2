import { Initial1795333191851 } from "./1795333191851-Initial";

/** Every migration, in order. Applied at start-up; `synchronize` is never used. */
export const migrations = [Initial1795333191851];
