/** The words of spec 001 sections 4, 5 and 8 for the daily challenges, in one place. */
export type ChallengeKind = "puzzle" | "task";

/** What a member calls the kind: a task is a 'trial' on every screen. */
export function kindWord(kind: ChallengeKind): "puzzle" | "trial" {
  return kind === "puzzle" ? "puzzle" : "trial";
}

export const copy = {
  oneAttempt: (kind: ChallengeKind) => `* You have one attempt per ${kindWord(kind)}`,
  completed: "Completed! Credits awarded.",
  failed: "Incorrect, no credits awarded.",
  closedByOthers: "Completed by others. Submission closed",
  alreadyAttempted: (kind: ChallengeKind) => `You've already used your one attempt for this ${kindWord(kind)}.`,
  comingSoon: "Coming Soon",
  noItems: "No items found",
  puzzleNotFound: "Puzzle Not Found",
  trialNotFound: "Trial Not Found",
  correctTitle: "Correct!",
  correct: (credits: number) => `You've earned ${credits} MPC credits!`,
  incorrectTitle: "Incorrect",
  incorrect: "That's not the right answer. You've used your one attempt.",
  incorrectDetailTitle: "Incorrect Answer",
  incorrectDetail: (kind: ChallengeKind) => `Unfortunately, you only get one attempt per ${kindWord(kind)}.`,
  errorTitle: "Error",
  submitFailed: "Failed to submit answer",
  /** The subscriber trial's e-mail on the earn pages (spec 001 sections 5 and 8). */
  emailRequiredTitle: "Email Required",
  emailRequired: "Please enter your email address",
  invalidEmailTitle: "Invalid Email",
  invalidEmail: "Please enter a valid email address.",
  submitEmailFailed: "Failed to submit email",
  /** Titles beginning with 'Puzzle' carry the word-location instructions (spec section 2). */
  puzzleInstructions:
    "Find the three words hidden in the image and enter them at what3words.com, in the order they appear. The place they reveal holds the one-word answer: enter that word below.",
} as const;
