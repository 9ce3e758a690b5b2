import type { ChangeMarksPort } from "../ports/change-marks";

/** Marks of the embedded runtime: one process emits and acknowledges every watch. */
export class MemoryChangeMarks implements ChangeMarksPort {
  private readonly marks = new Map<string, number>();

  async mark(name: string, at: Date): Promise<void> {
    this.marks.set(name, Math.max(this.marks.get(name) ?? 0, at.getTime()));
  }

  async lastMarked(name: string, now: Date): Promise<Date> {
    let mark = this.marks.get(name);
    if (mark === undefined) {
      // The process just started: what changed before it is not known here.
      mark = now.getTime();
      this.marks.set(name, mark);
    }
    return new Date(mark);
  }
}
