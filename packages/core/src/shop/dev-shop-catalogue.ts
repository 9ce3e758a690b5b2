import type { ShopProduct } from "../ports/shop";

interface Item {
  n: number;
  title: string;
  handle: string;
  price: string;
  description: string;
}

/** The dev shop's wares: mystery boxes and curios in the merchant's own voice. */
const ITEMS: Item[] = [
  {
    n: 1,
    title: "The Reliquary Box",
    handle: "reliquary-box",
    price: "225.00",
    description: "Our grandest mystery: a sealed reliquary of rare curios, each piece chosen by the House.",
  },
  {
    n: 2,
    title: "Crimson Ledger Box",
    handle: "crimson-ledger-box",
    price: "150.00",
    description: "Bound in red, filled with collectibles whose provenance is whispered, never written.",
  },
  {
    n: 3,
    title: "Obsidian Cabinet Box",
    handle: "obsidian-cabinet-box",
    price: "120.00",
    description: "A dark cabinet of wonders: oddities, artifacts and one piece the House will not name.",
  },
  {
    n: 4,
    title: "Midnight Apothecary Box",
    handle: "midnight-apothecary-box",
    price: "95.00",
    description: "Tinctures, trinkets and labels in a hand no one remembers writing.",
  },
  {
    n: 5,
    title: "The Séance Box",
    handle: "seance-box",
    price: "75.00",
    description: "Candles, cards and a planchette that was never quite still. Mysteries for the table.",
  },
  {
    n: 6,
    title: "Gilded Bones Box",
    handle: "gilded-bones-box",
    price: "60.00",
    description: "Gold-leafed curios and bone-white relics for the collector of beautiful endings.",
  },
  {
    n: 7,
    title: "Raven's Cache",
    handle: "ravens-cache",
    price: "45.00",
    description: "Small shining things a raven would steal: keys, coins, rings, and a feather or two.",
  },
  {
    n: 8,
    title: "Wax Seal Mystery",
    handle: "wax-seal-mystery",
    price: "30.00",
    description: "A letter-sized mystery sealed in black wax. Break it and see what the House sent you.",
  },
  {
    n: 9,
    title: "Candle of Unmaking",
    handle: "candle-of-unmaking",
    price: "18.00",
    description: "Hand-poured, smoke-scented, with a hidden charm waiting at the bottom of the wax.",
  },
  {
    n: 10,
    title: "Tarot of the Black Market",
    handle: "black-market-tarot",
    price: "10.00",
    description: "A single card from the House's own deck. Draw it, and read what it says of you.",
  },
];

export const DEV_SHOP_PRODUCTS: ShopProduct[] = ITEMS.map((item) => ({
  id: `gid://shopify/Product/${1000 + item.n}`,
  title: item.title,
  description: item.description,
  handle: item.handle,
  featuredImage: { url: `/art/shop/${item.handle}.svg` },
  images: [`/art/shop/${item.handle}.svg`],
  variants: [{ id: `gid://shopify/ProductVariant/${2000 + item.n}`, price: item.price }],
}));
