import { TOAST_DURATION_MS } from "@bm/shared";
import { create } from "zustand";

type ToastVariant = "default" | "destructive";

interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** The toast speaks about the page it was raised on: it goes when the member leaves it. */
  aboutPage?: boolean;
}

export interface ToastItem extends ToastInput {
  id: number;
  variant: ToastVariant;
  /** The path of the page the toast is about, when it is about one. */
  page?: string;
}

interface ToastState {
  /** One toast at a time: a new one replaces the current. */
  current: ToastItem | null;
}

export const useToastStore = create<ToastState>(() => ({ current: null }));

let nextId = 1;
let expiry: ReturnType<typeof setTimeout> | undefined;

function clearExpiry() {
  if (expiry !== undefined) clearTimeout(expiry);
  expiry = undefined;
}

/** Shows a toast for TOAST_DURATION_MS, replacing any toast on screen. Callable without hooks. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  clearExpiry();
  const page = input.aboutPage ? window.location.pathname : undefined;
  useToastStore.setState({ current: { ...input, variant: input.variant ?? "default", id, page } });
  expiry = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

/** Dismisses the toast with this id (or whatever is shown when no id is given). */
export function dismissToast(id?: number): void {
  const { current } = useToastStore.getState();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearExpiry();
  useToastStore.setState({ current: null });
}

/** After a route change: a toast about another page is stale and goes. */
export function dismissToastsNotAbout(pathname: string): void {
  const { current } = useToastStore.getState();
  if (current?.page !== undefined && current.page !== pathname) dismissToast(current.id);
}

/** For tests: no toast, no pending timer. */
export function resetToasts(): void {
  clearExpiry();
  useToastStore.setState({ current: null });
}
