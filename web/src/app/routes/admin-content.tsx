import { AdminPage, UrlTabs } from "../../components/admin";
import { AnalyticsTab } from "../../features/admin-analytics";
import { ChallengeCardsTab } from "../../features/admin-challenges";

const TABS = [
  { key: "puzzles", label: "Puzzles" },
  { key: "tasks", label: "Tasks" },
  { key: "analytics", label: "Analytics" },
] as const;

/** /admin-list, 'Content Management': puzzle and trial cards, and the analytics. */
export default function AdminContentPage() {
  return (
    <AdminPage
      title="Content Management"
      lead="Every puzzle and trial of the calendar, and how the members have fared."
    >
      <UrlTabs label="Content sections" items={TABS}>
        {(tab) =>
          tab === "analytics" ? (
            <AnalyticsTab />
          ) : (
            <ChallengeCardsTab key={tab} type={tab === "puzzles" ? "puzzle" : "task"} />
          )
        }
      </UrlTabs>
    </AdminPage>
  );
}
