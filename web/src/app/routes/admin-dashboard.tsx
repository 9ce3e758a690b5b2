import { AdminPage, UrlTabs } from "../../components/admin";
import { AuditTab } from "../../features/admin-audit";
import { ChallengeTableTab } from "../../features/admin-challenges";
import { DeletionRequestsTab } from "../../features/admin-deletions";
import { GiftGuideTab } from "../../features/admin-gift-guide";
import { DatabaseTab } from "../../features/admin-seeds";
import { SocialRiteTab } from "../../features/admin-social-rite";

const TABS = [
  { key: "puzzles", label: "Puzzles" },
  { key: "trials", label: "Trials" },
  { key: "social-rite", label: "Social Rite" },
  { key: "gift-guide", label: "Gift Guide" },
  { key: "database", label: "Database" },
  { key: "audit", label: "Audit" },
  { key: "deletions", label: "Deletion Requests" },
] as const;
type Tab = (typeof TABS)[number]["key"];

function TabPanel({ tab }: { tab: Tab }) {
  switch (tab) {
    case "puzzles":
      return <ChallengeTableTab key="puzzle" type="puzzle" />;
    case "trials":
      return <ChallengeTableTab key="task" type="task" />;
    case "social-rite":
      return <SocialRiteTab />;
    case "gift-guide":
      return <GiftGuideTab />;
    case "database":
      return <DatabaseTab />;
    case "audit":
      return <AuditTab />;
    case "deletions":
      return <DeletionRequestsTab />;
  }
}

/** /admin, 'Admin Dashboard': the spec's tabs, the audit trail and the deletion requests; the tab is in the URL. */
export default function AdminDashboardPage() {
  return (
    <AdminPage
      title="Admin Dashboard"
      lead="Puzzles, trials, the social rite, the gift guide, seeds, the audit trail and deletion requests."
    >
      <UrlTabs label="Admin sections" items={TABS}>
        {(tab) => <TabPanel tab={tab} />}
      </UrlTabs>
    </AdminPage>
  );
}
