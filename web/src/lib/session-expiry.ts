import { ApiError } from "./api";

/**
 * A bidding call answered 401: the session is gone. Features report it here; the app (which owns
 * navigation) shows 'You are logged out. Logging in again...' and moves to the entry page.
 */
type Handler = () => void;

let handler: Handler | null = null;

export function setSessionExpiredHandler(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Reports a 401; returns whether it was one (the caller then shows nothing else). */
export function reportIfSessionExpired(error: unknown): boolean {
  if (!isUnauthorized(error)) return false;
  handler?.();
  return true;
}
