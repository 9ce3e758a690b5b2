import { HouseholdSection } from "../../features/household";
import { NotificationsPage } from "../../features/notifications";

/** /notifications (its own chunk: the router loads it lazily as this module's default), with the household. */
export default function NotificationsRoute() {
  return <NotificationsPage more={<HouseholdSection />} />;
}
