import { NotificationsPage } from "../../features/notifications";

/** /notifications (its own chunk: the router loads it lazily as this module's default). */
export default NotificationsPage;
