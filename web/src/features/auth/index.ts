export { authKeys, userQueryOptions } from "../../api/get-user";
export { type AuthStatus, useAuthStatus, useUser } from "../../hooks/use-auth";
export { heldUser, refreshUser, resetAuth, setGateOpen, signOut, useSignOut } from "./api/session";
export { EntryPortal } from "./components/entry-portal";
export { RequireAdmin } from "./components/require-admin";
export { RequireAuth } from "./components/require-auth";
