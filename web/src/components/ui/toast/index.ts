export { Toaster } from "./toaster";
export { dismissToast, toast, type ToastInput, type ToastVariant, useToastStore } from "./toast-store";
