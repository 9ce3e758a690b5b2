import { Initial1795333749492 } from "./1795333749492-Initial";

/** Every migration, in order. Applied at start-up; `synchronize` is never used. */
export const migrations = [Initial1795333749492];
