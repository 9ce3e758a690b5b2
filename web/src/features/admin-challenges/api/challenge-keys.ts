import type { ChallengeType } from "@bm/shared";

/** Where the admin's puzzles and trials live in the query cache (saves invalidate `all`). */
export const adminChallengeKeys = {
  all: () => ["admin", "challenges"] as const,
  list: (query: object) => ["admin", "challenges", "list", query] as const,
  one: (type: ChallengeType, id: number) => ["admin", "challenges", "one", type, id] as const,
  preview: (at: string) => ["admin", "challenges", "preview", at] as const,
  previewOne: (type: ChallengeType, slug: string, at: string) =>
    ["admin", "challenges", "preview", type, slug, at] as const,
};

/** The words of a type: the server's "task" is a 'Trial' on every screen. */
export function typeNoun(type: ChallengeType): "Puzzle" | "Trial" {
  return type === "puzzle" ? "Puzzle" : "Trial";
}
