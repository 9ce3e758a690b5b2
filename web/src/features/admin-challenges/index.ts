export { CalendarPreviewPage } from "./components/calendar-preview-page";
export { ChallengeCardsTab } from "./components/challenge-cards-tab";
export { ChallengeEditorPage } from "./components/challenge-editor-page";
export { ChallengeTableTab } from "./components/challenge-table-tab";
