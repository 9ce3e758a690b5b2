export { dismissToastsNotAbout, toast } from "./toast-store";
