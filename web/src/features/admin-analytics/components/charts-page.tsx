import { AdminPage } from "../../../components/admin";
import { BidsChart, SignupsChart } from "./activity-charts";
import { CreditsCharts } from "./credits-charts";
import { EconomyChart } from "./economy-chart";

/**
 * /admin/charts, 'Charts': where the operator would rather look than read. Each chart loads on
 * its own, names its zone, says in words what it shows and offers its figures as a table.
 */
export function ChartsPage() {
  return (
    <AdminPage
      title="Charts"
      lead="The economy at a glance, sign-ups per day, bids per hour of the auction, and credits issued, spent and outstanding. Days are New York days."
    >
      <div className="flex flex-col gap-8">
        <EconomyChart />
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <SignupsChart />
          <BidsChart />
        </div>
        <CreditsCharts />
      </div>
    </AdminPage>
  );
}
