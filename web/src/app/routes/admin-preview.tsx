import { CalendarPreviewPage } from "../../features/admin-challenges";

/** /admin/preview?at=: the whole calendar at an instant, as a member sees it. */
export default CalendarPreviewPage;
