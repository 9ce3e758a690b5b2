import { useQuery } from "@tanstack/react-query";
import { userQueryOptions } from "../api/get-user";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export function useUser() {
  return useQuery(userQueryOptions()).data ?? null;
}

export function useAuthStatus(): AuthStatus {
  const { data } = useQuery(userQueryOptions());
  return data === undefined ? "loading" : data ? "authenticated" : "unauthenticated";
}
