/** Domain code takes time from here, never from Date.now(), so tests and the demo can set it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with the system clock, shifted by an offset the test or demo controls. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
