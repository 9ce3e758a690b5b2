export { dismissToastsNotAbout, toast } from "./toast-store";
export { Toaster } from "./toaster";
