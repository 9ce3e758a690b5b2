import "../../styles/admin.css";

export { default as AdminAttemptsPage } from "./admin-attempts";
export { NewPuzzleRoute, NewTrialRoute, PuzzleEditorRoute, TrialEditorRoute } from "./admin-challenge";
/**
 * Every operator page, behind one dynamic import: the member's entry code names this one chunk
 * rather than one per admin page, and an admin who opens one page has the others at hand.
 */
export { default as AdminChartsPage } from "./admin-charts";
export { default as AdminConsolePage } from "./admin-console";
export { default as AdminContentPage } from "./admin-content";
export { default as AdminDashboardPage } from "./admin-dashboard";
export { AdminFairPlayFlagRoute, AdminFairPlayPage } from "./admin-fair-play";
export { AdminMemberRoute, AdminMembersPage } from "./admin-members";
export { default as AdminPreviewPage } from "./admin-preview";
export { default as AdminSummaryPage } from "./admin-summary";
