import type { Tx } from "../db/transactor";
import type { LotRepository } from "../lots/lots.repository";
import type { LotSeed } from "./lot-catalogue";

/** A catalogue lot inserted with its art, opening and closing at the given times (the event's or the demo's). */
export function insertCatalogueLot(
  lots: LotRepository,
  em: Tx,
  seed: LotSeed,
  opensAt: Date,
  closesAt: Date,
): Promise<{ id: number; opensAt: Date }> {
  const art = `/art/lots/${seed.art}`;
  return lots.insertLot(
    {
      lotNumber: seed.lotNumber,
      day: seed.day,
      title: seed.title,
      description: seed.description,
      imageUrl: `${art}.svg`,
      imageUrls: [`${art}.svg`, `${art}-2.svg`, `${art}-3.svg`],
      reservePrice: seed.reservePrice,
      opensAt,
      closesAt,
    },
    em,
  );
}
