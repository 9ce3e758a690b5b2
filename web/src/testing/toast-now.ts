import { useToastStore } from "../components/ui/toast/toast-store";

/** The toast on screen now, or null. */
export const toastNow = () => useToastStore.getState().current;
