/** Where the admin's gift-guide lists live in the query cache (adds and removals invalidate `all`). */
export const giftGuideKeys = {
  all: () => ["admin", "gift-guide"] as const,
  products: () => ["admin", "gift-guide", "products"] as const,
  live: (q: string) => ["admin", "gift-guide", "live", q] as const,
};
