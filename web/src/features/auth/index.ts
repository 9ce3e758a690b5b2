export { EntryPortal } from "./components/entry-portal";
export { RequireAdmin } from "./components/require-admin";
export { RequireAuth } from "./components/require-auth";
export { useAuthStatus, useUser } from "./hooks/use-auth";
export { refreshUser, resetAuth, setGateOpen, signOut, useAuthStore } from "./stores/auth-store";
