import { AttemptsPage } from "../../features/admin-attempts";

/** /admin/attempts, 'Attempt Log': every answer and its verdict. */
export default AttemptsPage;
