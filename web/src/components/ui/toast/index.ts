export { dismissToast, type ToastInput, type ToastVariant, toast, useToastStore } from "./toast-store";
export { Toaster } from "./toaster";
