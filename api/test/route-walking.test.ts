import { auctionIdParams, challengeType, lotNumberParams, slugParams, uploadParams } from "@bm/shared";
import { adminChallengeOneParams, adminChallengeParams, giftGuideIdParams } from "@bm/shared/admin";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "../src/plugins/access";
import { fillPath, fillPaths, knownParams, PLAUSIBLE_UUID, walkOrder, withEveryParam } from "./support/routes";

const route = (method: string, url: string, params?: z.ZodType): RouteEntry => ({
  method,
  url,
  access: "admin",
  documented: true,
  schema: params ? { params } : undefined,
});

/** The walkers' fixtures: a lot, an auction and two slugs of each table. */
const known = knownParams({
  lot: { id: 7, lotNumber: 1007 },
  auctionId: 3,
  puzzleSlugs: ["day-20", "day-19"],
  trialSlugs: ["day-18"],
  mediaNames: ["key.svg"],
});

describe("walking routes: every method, path parameters filled from their schemas", () => {
  it("keeps the fixtures the walkers made: lots, auctions, challenges by their table, media", () => {
    expect(fillPath(route("GET", "/api/auction-lots/:lotNumber", lotNumberParams), known)).toBe(
      "/api/auction-lots/1007",
    );
    expect(fillPath(route("POST", "/api/auction-lots/:lotId/bid"), known)).toBe("/api/auction-lots/7/bid");
    expect(fillPath(route("GET", "/api/auctions/:id", auctionIdParams), known)).toBe("/api/auctions/3");
    expect(fillPaths(route("GET", "/api/puzzles/:slug", slugParams), known)).toEqual([
      "/api/puzzles/day-20",
      "/api/puzzles/day-19",
    ]);
    expect(fillPath(route("GET", "/api/trials/:slug/won", slugParams), known)).toBe("/api/trials/day-18/won");
    expect(fillPath(route("POST", "/api/trials/:trialKey/enlist"), known)).toBe("/api/trials/day-18/enlist");
    expect(fillPath(route("GET", "/api/challenges/media/:name"), known)).toBe("/api/challenges/media/key.svg");
  });

  it("fills what no fixture names from the schema: an id, a uuid, an enum's first value", () => {
    expect(fillPath(route("PUT", "/api/admin/update-puzzle/:id", adminChallengeParams), known)).toBe(
      "/api/admin/update-puzzle/1",
    );
    expect(fillPath(route("DELETE", "/api/admin/gift-guide-products/:id", giftGuideIdParams), known)).toBe(
      "/api/admin/gift-guide-products/1",
    );
    expect(fillPath(route("GET", "/api/admin/challenges/:type/:id", adminChallengeOneParams), known)).toBe(
      "/api/admin/challenges/puzzle/1",
    );
    expect(fillPath(route("GET", "/api/trials/uploads/:id", uploadParams), known)).toBe(
      `/api/trials/uploads/${PLAUSIBLE_UUID}`,
    );
    // The type chosen first decides the slugs' table.
    const preview = z.object({ type: challengeType, slug: z.string() });
    expect(fillPaths(route("GET", "/api/admin/preview/:type/:slug", preview), known)).toEqual([
      "/api/admin/preview/puzzle/day-20",
      "/api/admin/preview/puzzle/day-19",
    ]);
    expect(fillPath(route("GET", "/api/anything/:word", z.object({ word: z.string() })), {})).toBe("/api/anything/x");
  });

  it("puts odd values in every parameter, and walks deletions and sign-out last", () => {
    expect(withEveryParam("/api/admin/challenges/:type/:id", "%00")).toBe("/api/admin/challenges/%00/%00");
    const order = walkOrder([
      route("POST", "/api/auth/logout"),
      route("DELETE", "/api/admin/gift-guide-products/:id"),
      route("GET", "/api/auctions"),
      route("PUT", "/api/admin/update-puzzle/:id"),
    ]).map((r) => `${r.method} ${r.url}`);
    expect(order).toEqual([
      "GET /api/auctions",
      "PUT /api/admin/update-puzzle/:id",
      "DELETE /api/admin/gift-guide-products/:id",
      "POST /api/auth/logout",
    ]);
  });
});
