import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayLabel, formatTime, weekdayOf } from "./time-format";

describe("one way to show time: New York, named", () => {
  it("formats an instant as the spec's 'MMM d, yyyy at h:mm a' with the zone", () => {
    expect(formatDateTime("2025-11-29T01:00:00Z")).toBe("Nov 28, 2025 at 8:00 PM EST");
    expect(formatDateTime(new Date("2025-07-04T16:05:00Z"))).toBe("Jul 4, 2025 at 12:05 PM EDT");
  });

  it("formats dates, times and day labels in New York, whatever the device's zone", () => {
    expect(formatDate("2025-11-29T01:00:00Z")).toBe("Nov 28, 2025");
    expect(formatTime("2025-11-28T14:00:00Z")).toBe("9:00 AM EST");
    expect(formatDayLabel("2025-11-28T14:00:00Z")).toBe("Friday · Nov 28");
    // A Sunday is labelled Sunday: the weekday always follows the date.
    expect(formatDayLabel("2026-11-22T15:00:00Z")).toBe("Sunday · Nov 22");
    expect(weekdayOf("2025-12-01T14:00:00Z")).toBe("Monday");
  });
});
