import { paths } from "../../config/paths";

/**
 * The flavour pages' words (spec 001 section 2, "Flavour pages"): the void's poem, and behind its
 * three doors one word each, 'Shadow', 'Realm' and 'Bearer', with a short quote.
 */

/** The poem of /void, stanza by stanza. */
export const VOID_POEM: readonly (readonly string[])[] = [
  [
    "Beneath the House, where no lamp is lit,",
    "a hollow waits that was never filled;",
    "the ledger ends, the candles quit,",
    "and every whisper here is stilled.",
  ],
  [
    "Three doors are cut in its silent wall,",
    "and each one keeps a single word:",
    "what the wise would hide, what the bold would call,",
    "what the honest bear and leave unheard.",
  ],
  ["Walk through them all, and walk in turn,", "then speak the words as one, and learn."],
];

export type DoorKey = "knowledge" | "power" | "truth";

export interface Door {
  key: DoorKey;
  numeral: string;
  /** The door's name, as carved above it in the void. */
  name: string;
  /** The line under the door's name in the void. */
  hint: string;
  href: string;
  /** The word the door keeps: the page's heading. */
  word: string;
  quote: string;
  attribution: string;
}

export const DOORS: readonly Door[] = [
  {
    key: "knowledge",
    numeral: "I",
    name: "Knowledge",
    hint: "What the wise would hide",
    href: paths.knowledge.href(),
    word: "Shadow",
    quote: "All knowledge casts a shadow. The nearer you carry the light, the longer it grows behind you.",
    attribution: "Inscribed above the first door",
  },
  {
    key: "power",
    numeral: "II",
    name: "Power",
    hint: "What the bold would call",
    href: paths.power.href(),
    word: "Realm",
    quote: "Power is no throne but a realm: it reaches only as far as your hand, and lasts only as long as your nerve.",
    attribution: "Inscribed above the second door",
  },
  {
    key: "truth",
    numeral: "III",
    name: "Truth",
    hint: "What the honest bear",
    href: paths.truth.href(),
    word: "Bearer",
    quote:
      "Truth is a weight before it is a gift. Blessed is its bearer, who carries it through the dark and does not set it down.",
    attribution: "Inscribed above the third door",
  },
];

export function doorOf(key: DoorKey): Door {
  const door = DOORS.find((d) => d.key === key);
  if (!door) throw new Error(`No door named ${key}`);
  return door;
}
