import { DoorWordPage, VoidPage } from "../../features/flavour";

/** /void: the poem and the three doors. */
export function Void() {
  return <VoidPage />;
}

/** /knowledge: 'Shadow'. */
export function Knowledge() {
  return <DoorWordPage door="knowledge" />;
}

/** /power: 'Realm'. */
export function Power() {
  return <DoorWordPage door="power" />;
}

/** /truth: 'Bearer'. */
export function Truth() {
  return <DoorWordPage door="truth" />;
}
