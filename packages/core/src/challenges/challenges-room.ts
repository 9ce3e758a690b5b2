import { rooms, type ServerEventPayload } from "@bm/shared";
import type { Logger } from "../logger";
import type { ChangeMarksPort } from "../ports/change-marks";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";

/** The messages of the earn-credits room: a day unlocked, a challenge's last winner slot taken. */
export type ChallengesRoomEvent = "challenge:unlocked" | "challenge:won";

const MARK = "challenges";

/**
 * The `challenges` room: what is told to it is marked first (when it changed), then emitted. A
 * socket that joins is told the latest mark with its acknowledgement: one that joined before the
 * mark hears the message; one that joins after it learns that its page's earlier read may be stale.
 */
export class ChallengesRoom {
  constructor(private readonly d: { realtime: RealtimePort; marks: ChangeMarksPort; clock: Clock; log: Logger }) {}

  async announce<E extends ChallengesRoomEvent>(event: E, payload: ServerEventPayload<E>): Promise<void> {
    try {
      await this.d.marks.mark(MARK, this.d.clock.now());
    } catch (error) {
      // The message still goes out; a watch acknowledged meanwhile says "changed now" (see changedAt).
      this.d.log.warn({ err: error, event }, "the challenges room's change mark was not written");
    }
    this.d.realtime.emit(rooms.challenges(), event, payload);
  }

  /**
   * When the room's state last changed, for a watch's acknowledgement. When the marks cannot be
   * read, now: a page re-reads rather than trust what it holds.
   */
  async changedAt(): Promise<Date> {
    const now = this.d.clock.now();
    try {
      return await this.d.marks.lastMarked(MARK, now);
    } catch (error) {
      this.d.log.warn({ err: error }, "the challenges room's change mark was not read");
      return now;
    }
  }
}
