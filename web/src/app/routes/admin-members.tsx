import { useParams } from "react-router-dom";
import { MemberPage, MembersListPage } from "../../features/admin-members";
import { SuspensionPanel } from "../../features/admin-suspension";

/** /admin/members */
export const AdminMembersPage = MembersListPage;

/** /admin/members/{id} */
export function AdminMemberRoute() {
  const { id = "" } = useParams();
  return (
    <MemberPage
      key={id}
      id={id}
      suspension={(member) => <SuspensionPanel memberId={member.id} memberLabel={member.email} />}
    />
  );
}
