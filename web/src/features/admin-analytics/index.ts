export { ActivitySummaryPage } from "./components/activity-summary-page";
export { AnalyticsTab } from "./components/analytics-tab";
export { ChartsPage } from "./components/charts-page";
