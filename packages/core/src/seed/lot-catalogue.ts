import type { AuctionDay } from "@bm/shared";

export interface LotSeed {
  lotNumber: number;
  day: AuctionDay;
  title: string;
  /** File name (without extension) of its artwork under web/public/art/lots/. */
  art: string;
  reservePrice: string;
  description: string;
}

/** The thirty lots of the four-night event: eight on Friday and Saturday, seven on Sunday and Monday. */
export const LOT_CATALOGUE: LotSeed[] = [
  {
    lotNumber: 1,
    day: "Friday",
    title: "The Widow's Hourglass",
    art: "hourglass",
    reservePrice: "25.00",
    description:
      "A brass hourglass whose black sand runs upward after midnight. Recovered from a shuttered Vienna clockmaker, its glass etched with the names of those who waited.",
  },
  {
    lotNumber: 2,
    day: "Friday",
    title: "Raven Skull Reliquary",
    art: "raven-skull",
    reservePrice: "40.00",
    description:
      "A raven's skull set in a silvered cage, resting on faded velvet. Said to whisper the last word it heard to whoever keeps it.",
  },
  {
    lotNumber: 3,
    day: "Friday",
    title: "Candle of the Seventh Vigil",
    art: "candle",
    reservePrice: "10.00",
    description:
      "Hand-poured black beeswax with a wick of braided hair. It has been lit six times. No one knows what the seventh brings.",
  },
  {
    lotNumber: 4,
    day: "Friday",
    title: "Obsidian Scrying Mirror",
    art: "mirror",
    reservePrice: "60.00",
    description:
      "A palm-sized disc of volcanic glass in a pewter frame. Look long enough and the reflection blinks first.",
  },
  {
    lotNumber: 5,
    day: "Friday",
    title: "The Alchemist's Key",
    art: "key",
    reservePrice: "20.00",
    description:
      "An iron key with a tooth of gold, found inside a locked book. The lock it opens has not yet been found.",
  },
  {
    lotNumber: 6,
    day: "Friday",
    title: "Moth-Wing Locket",
    art: "moth",
    reservePrice: "15.00",
    description:
      "A tarnished locket holding a single death's-head moth wing under glass. Its clasp opens only in candlelight.",
  },
  {
    lotNumber: 7,
    day: "Friday",
    title: "Tarot of the Drowned Court",
    art: "tarot",
    reservePrice: "35.00",
    description:
      "A complete deck painted on water-stained vellum. The Tower card is missing; the House has not looked for it.",
  },
  {
    lotNumber: 8,
    day: "Friday",
    title: "Crimson Wax Seal of the House",
    art: "seal",
    reservePrice: "12.00",
    description:
      "The signet the House used on its first letters. Pressing it into wax leaves a mark that fades by dawn.",
  },
  {
    lotNumber: 9,
    day: "Saturday",
    title: "The Plague Doctor's Mask",
    art: "mask",
    reservePrice: "80.00",
    description:
      "Leather, beak and smoked lenses, still faintly scented with cloves. Worn, the previous owner wrote, to see what others cannot.",
  },
  {
    lotNumber: 10,
    day: "Saturday",
    title: "Chalice of Quiet Oaths",
    art: "chalice",
    reservePrice: "45.00",
    description: "A pewter chalice engraved with a ring of closed eyes. Wine poured into it never seems to warm.",
  },
  {
    lotNumber: 11,
    day: "Saturday",
    title: "Bone-Handled Letter Opener",
    art: "dagger",
    reservePrice: "18.00",
    description:
      "Slender, sharp and beautifully balanced. It has opened letters of confession, of love, and of one declaration of war.",
  },
  {
    lotNumber: 12,
    day: "Saturday",
    title: "The Astrologer's Orrery",
    art: "orrery",
    reservePrice: "120.00",
    description:
      "A hand-cranked brass orrery with a thirteenth planet no almanac lists. Its gears turn on their own during eclipses.",
  },
  {
    lotNumber: 13,
    day: "Saturday",
    title: "Vial of Midnight Ink",
    art: "vial",
    reservePrice: "9.00",
    description:
      "Ink the colour of a starless sky. Words written with it can only be read by the one they were written for.",
  },
  {
    lotNumber: 14,
    day: "Saturday",
    title: "Grimoire of Small Mercies",
    art: "grimoire",
    reservePrice: "70.00",
    description:
      "A pocket grimoire bound in oxblood leather, its spells all kindnesses: for lost cats, late trains, and unfinished letters.",
  },
  {
    lotNumber: 15,
    day: "Saturday",
    title: "Crystal of the Pale Hour",
    art: "crystal",
    reservePrice: "30.00",
    description:
      "A smoky quartz point that glows faintly between three and four in the morning. Collectors disagree on why.",
  },
  {
    lotNumber: 16,
    day: "Saturday",
    title: "The Séance Bell",
    art: "bell",
    reservePrice: "22.00",
    description: "A small silver bell with a clapper of bone. Ring it once to begin, twice to end. Never three times.",
  },
  {
    lotNumber: 17,
    day: "Sunday",
    title: "Cabinet of the Seven Drawers",
    art: "cabinet",
    reservePrice: "150.00",
    description:
      "A miniature apothecary cabinet, each drawer holding a curio and a handwritten card. The seventh drawer is sealed shut.",
  },
  {
    lotNumber: 18,
    day: "Sunday",
    title: "Serpent Ring of Ouroboros",
    art: "ring",
    reservePrice: "55.00",
    description:
      "A blackened silver ring of a serpent devouring its tail. It always returns to the finger of whoever first wore it.",
  },
  {
    lotNumber: 19,
    day: "Sunday",
    title: "Lantern of the Lost Road",
    art: "lantern",
    reservePrice: "38.00",
    description: "A ship's lantern with violet glass. Travellers say its flame leans toward the way home.",
  },
  {
    lotNumber: 20,
    day: "Sunday",
    title: "The Taxidermist's Owl",
    art: "owl",
    reservePrice: "90.00",
    description: "A barn owl mounted mid-turn, its glass eyes replaced long ago with moonstones. It watches the door.",
  },
  {
    lotNumber: 21,
    day: "Sunday",
    title: "Black Rose Under Glass",
    art: "rose",
    reservePrice: "16.00",
    description:
      "A single rose preserved black beneath a bell jar. A petal falls each year on the night of the auction.",
  },
  {
    lotNumber: 22,
    day: "Sunday",
    title: "Dice of the Gambler's Ghost",
    art: "dice",
    reservePrice: "11.00",
    description: "Two ivory dice that have never rolled a seven. Their previous owner tried, for forty years.",
  },
  {
    lotNumber: 23,
    day: "Sunday",
    title: "The Cartographer's Lost Map",
    art: "map",
    reservePrice: "65.00",
    description:
      "A hand-inked map of a coastline that appears on no chart. The compass rose points somewhere other than north.",
  },
  {
    lotNumber: 24,
    day: "Monday",
    title: "Crown of Thorned Silver",
    art: "crown",
    reservePrice: "200.00",
    description:
      "A slim circlet of silver thorns made for a masquerade that was never held. The House's finest lot of the season.",
  },
  {
    lotNumber: 25,
    day: "Monday",
    title: "Pocket Watch Without Hands",
    art: "watch",
    reservePrice: "28.00",
    description:
      "It ticks faithfully and keeps perfect time, though it has no hands. Hold it to your ear to learn the hour.",
  },
  {
    lotNumber: 26,
    day: "Monday",
    title: "The Inquisitor's Quill",
    art: "quill",
    reservePrice: "14.00",
    description: "A black swan feather cut into a quill. Contracts signed with it are said to be impossible to break.",
  },
  {
    lotNumber: 27,
    day: "Monday",
    title: "Jar of Bottled Fog",
    art: "jar",
    reservePrice: "8.00",
    description:
      "Fog gathered on a moor at dawn and sealed in a cork-stoppered jar. It has not settled in ninety years.",
  },
  {
    lotNumber: 28,
    day: "Monday",
    title: "The Ferryman's Coins",
    art: "coins",
    reservePrice: "24.00",
    description: "Two worn obols, one for each eye. The House advises keeping them together.",
  },
  {
    lotNumber: 29,
    day: "Monday",
    title: "Mourning Brooch of Jet",
    art: "brooch",
    reservePrice: "32.00",
    description:
      "Victorian jet carved into a weeping willow, with a lock of auburn hair behind glass. Whose hair, the House will not say.",
  },
  {
    lotNumber: 30,
    day: "Monday",
    title: "The Last Box",
    art: "box",
    reservePrice: "100.00",
    description:
      "A sealed mystery box, the final lot of the event. Its contents are known only to the House. The winner may open it alone.",
  },
];
