export interface AuctionSeed {
  auctionNumber: number;
  title: string;
  description: string;
  imageUrl: string;
  startingBid: string;
  shopifyProductId: string;
  /** Relative to now (demo): when it starts and how long it runs. */
  startsInHours: number;
  hours: number;
  /** Demo members (by index) who bid in turn. */
  demoBidders: number[];
}

/** The legacy auction hub's items: one at a time, bids paid in credits (demo only). */
export const AUCTION_CATALOGUE: AuctionSeed[] = [
  {
    auctionNumber: 1,
    title: "The Reliquary Box",
    description: "The House's grandest mystery box, sealed in lead and velvet.",
    imageUrl: "/art/shop/reliquary-box.svg",
    startingBid: "20.00",
    shopifyProductId: "1001",
    startsInHours: -120,
    hours: 10,
    demoBidders: [0, 1, 0],
  },
  {
    auctionNumber: 2,
    title: "Crimson Ledger Box",
    description: "Bound in red and filled with collectibles of whispered provenance.",
    imageUrl: "/art/shop/crimson-ledger-box.svg",
    startingBid: "15.00",
    shopifyProductId: "1002",
    startsInHours: -96,
    hours: 10,
    demoBidders: [1, 2],
  },
  {
    auctionNumber: 3,
    title: "Obsidian Cabinet Box",
    description: "A dark cabinet of wonders, one piece the House will not name.",
    imageUrl: "/art/shop/obsidian-cabinet-box.svg",
    startingBid: "12.00",
    shopifyProductId: "1003",
    startsInHours: -72,
    hours: 10,
    demoBidders: [2, 0, 2],
  },
  {
    auctionNumber: 4,
    title: "The Séance Box",
    description: "Candles, cards and a planchette that was never quite still.",
    imageUrl: "/art/shop/seance-box.svg",
    startingBid: "8.00",
    shopifyProductId: "1005",
    startsInHours: -48,
    hours: 10,
    demoBidders: [0],
  },
  {
    auctionNumber: 5,
    title: "Raven's Cache",
    description: "Small shining things a raven would steal.",
    imageUrl: "/art/shop/ravens-cache.svg",
    startingBid: "6.00",
    shopifyProductId: "1007",
    startsInHours: -30,
    hours: 10,
    demoBidders: [1, 0],
  },
  {
    auctionNumber: 6,
    title: "Gilded Bones Box",
    description: "Gold-leafed curios and bone-white relics for the collector of beautiful endings.",
    imageUrl: "/art/shop/gilded-bones-box.svg",
    startingBid: "10.00",
    shopifyProductId: "1006",
    startsInHours: -2,
    hours: 5,
    demoBidders: [2, 1],
  },
  {
    auctionNumber: 7,
    title: "Midnight Apothecary Box",
    description: "Tinctures, trinkets and labels in a hand no one remembers writing.",
    imageUrl: "/art/shop/midnight-apothecary-box.svg",
    startingBid: "9.00",
    shopifyProductId: "1004",
    startsInHours: 20,
    hours: 6,
    demoBidders: [],
  },
];
