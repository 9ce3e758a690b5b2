export { DoorWordPage } from "./components/door-word-page";
export { VoidPage } from "./components/void-page";
export { DOORS, VOID_POEM } from "./content";
