/**
 * The operator's area (spec 001 sections 2, 3, 7, 8; DESIGN.md section 9), imported as
 * `@bm/shared/admin` so that no member page loads it. Every call here is declared `admin` unless it
 * says otherwise; answers are read by admins alone.
 */

export * from "./admin/attempts";
export * from "./admin/charts";
export * from "./admin/console";
export * from "./admin/console-controls";
export * from "./admin/content";
export * from "./admin/fair-play";
export * from "./admin/gift-guide";
export * from "./admin/members";
export * from "./admin/messages";
export * from "./admin/reports";
export * from "./admin/suspensions";
