/**
 * When something that every watcher of a room holds last changed, by name ("challenges"). A
 * room's watch is acknowledged with it, so a page that read before it joined re-reads only when a
 * change may have slipped between its read and its join (DESIGN.md section 5), not on every join.
 */
export interface ChangeMarksPort {
  /** Notes a change at `at`; a mark never moves back. */
  mark(name: string, at: Date): Promise<void>;
  /**
   * The latest mark, or, when none is held (none made yet, or the store was emptied), the instant
   * the store began keeping marks for the name: what came before that is not known, so a read
   * from before it is treated as possibly stale.
   */
  lastMarked(name: string, now: Date): Promise<Date>;
}
