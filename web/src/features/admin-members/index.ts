export { MemberPage } from "./components/member-page";
export { MembersListPage } from "./components/members-list-page";
