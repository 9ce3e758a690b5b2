import { describe, expect, it } from "vitest";
import { ApiError, NetworkError, UNREACHABLE_MESSAGE } from "../../../lib/api";
import { copy } from "./challenge-copy";
import { challengeState } from "./challenge-state";
import { isVideo, lastMedia } from "./media";
import { answerToast, submitErrorToast } from "./submit-outcome";

describe("a challenge's state", () => {
  const base = { completed: false, failed: false, won: false, maxWinners: null };
  it("is open until answered", () => expect(challengeState(base)).toBe("open"));
  it("is completed after a right answer, even once all winners are found", () =>
    expect(challengeState({ ...base, completed: true, won: true, maxWinners: 3 })).toBe("completed"));
  it("is failed after a wrong answer", () => expect(challengeState({ ...base, failed: true })).toBe("failed"));
  it("is closed by others only with maxWinners and every slot taken", () => {
    expect(challengeState({ ...base, won: true, maxWinners: 1 })).toBe("closed");
    expect(challengeState({ ...base, won: true, maxWinners: null })).toBe("open");
  });
});

describe("a challenge's media", () => {
  it("tells a video by its .mp4 address", () => {
    expect(isVideo("/challenges/veil.mp4")).toBe(true);
    expect(isVideo("/challenges/veil.webp")).toBe(false);
    expect(isVideo(null)).toBe(false);
  });
  it("reveals the last of several images, else the one", () => {
    expect(lastMedia({ imageUrl: "/a.webp", imageUrls: ["/1.webp", "/6.webp"] })).toBe("/6.webp");
    expect(lastMedia({ imageUrl: "/a.webp", imageUrls: [] })).toBe("/a.webp");
    expect(lastMedia({ imageUrl: null })).toBeNull();
  });
});

describe("the answer toasts of section 8", () => {
  it("says 'Correct!' with the credits earned", () => {
    expect(answerToast({ correct: true, credits: 5 }, "puzzle", "home")).toMatchObject({
      title: "Correct!",
      description: "You've earned 5 MPC credits!",
    });
  });
  it("on the daily page, says 'Incorrect' with the server's words or the spec's", () => {
    expect(
      answerToast({ correct: false, credits: 0, message: "Incorrect, no credits awarded." }, "task", "home"),
    ).toMatchObject({ title: "Incorrect", description: "Incorrect, no credits awarded." });
    expect(answerToast({ correct: false, credits: 0 }, "task", "home").description).toBe(copy.incorrect);
  });
  it("on a detail page, says 'Incorrect Answer', one attempt per puzzle or trial", () => {
    expect(answerToast({ correct: false, credits: 0 }, "puzzle", "detail")).toMatchObject({
      title: "Incorrect Answer",
      description: "Unfortunately, you only get one attempt per puzzle.",
    });
    expect(answerToast({ correct: false, credits: 0 }, "task", "detail").description).toBe(
      "Unfortunately, you only get one attempt per trial.",
    );
  });
  it("words a refusal as 'Error' with the server's message, and a lost connection apart", () => {
    expect(submitErrorToast(new ApiError(409, "Completed by others. Submission closed"))).toMatchObject({
      title: "Error",
      description: "Completed by others. Submission closed",
    });
    expect(submitErrorToast(new Error("boom")).description).toBe("Failed to submit answer");
    expect(submitErrorToast(new NetworkError())).toMatchObject({
      title: "Connection Lost",
      description: UNREACHABLE_MESSAGE,
    });
  });
});
