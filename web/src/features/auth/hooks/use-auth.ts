import { useAuthStore } from "../stores/auth-store";

export function useUser() {
  return useAuthStore((s) => s.user);
}

export function useAuthStatus() {
  return useAuthStore((s) => s.status);
}
