export { applyChallengeUnlocked, applyChallengeWon, challengeKeys } from "../../api/challenge-cache";
export { ChallengeDetail } from "./components/challenge-detail";
export { ChallengeIndex } from "./components/challenge-index";
export { ChallengeNotFound } from "./components/challenge-not-found";
export { EarnCreditsHome } from "./components/earn-credits-home";
export { type SpecialAnswers, SpecialAnswersProvider } from "./components/special-answers";
