import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../src/plugins/access";
import { createAuction, createLot } from "./fixtures";
import { Client, signedIn, startTestApp, type TestApp } from "./helpers";
import { call, fillPaths, knownParams, walkOrder } from "./support/routes";
import { type MemberSocket, openSocket, type Received, recordEvents, watchAllLots, watchLot } from "./support/sockets";

type Role = "anonymous" | "rival" | "staff" | "holder" | "admin";

/** A maximum and its pledge, chosen so that no other text of the app contains them. */
const MAXIMUM = "7654.32";
const PLEDGE = "1234.56";
const SECRETS = [MAXIMUM, "7,654.32", "765432", PLEDGE, "1,234.56", "123456"];

/**
 * Nobody learns another member's maximum (issue 29), scanned as the answer scanner scans for the
 * game's answers: every route for every role, and every socket message to the others while the
 * House bids on the maximum. Its holder sees it (their own answers) and the admins' console does.
 */
describe("a maximum never leaves its holder (and the House's console)", () => {
  let t: TestApp;
  const clients = {} as Record<Role, Client>;
  const sockets: MemberSocket[] = [];
  const heard: Received[][] = [];
  let lot: { id: number; lotNumber: number };
  let auctionId: number;

  beforeAll(async () => {
    t = await startTestApp("distributed");
    lot = await createLot(t.runtime, { reserve: "10.00" });
    auctionId = await createAuction(t.runtime);
    clients.anonymous = new Client(t.baseUrl);
    const holder = await signedIn(t, { label: "holder", credits: 2000 });
    const rival = await signedIn(t, { label: "rival", credits: 100 });
    clients.holder = holder.c;
    clients.rival = rival.c;
    clients.staff = new Client(t.baseUrl);
    await clients.staff.signIn(t, "staff@test.example");
    clients.admin = new Client(t.baseUrl);
    await clients.admin.signIn(t, "admin@test.example");
    for (const role of ["rival", "staff"] as const) {
      const socket = await openSocket(t.baseUrl, clients[role].cookie);
      heard.push(recordEvents(socket));
      await watchLot(socket, lot.lotNumber);
      await watchAllLots(socket);
      sockets.push(socket);
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  const leaks = (text: string) => SECRETS.filter((secret) => text.includes(secret));

  it("no answer of any route to anyone else, nor any socket message, carries it", async () => {
    // The maximum, then bids by hand that the House answers for it, step by step.
    const placed = await clients.holder.post(`/api/auction-lots/${lot.id}/bid`, {
      amount: MAXIMUM,
      creditsUsed: PLEDGE,
      maximum: true,
    });
    expect(placed.status).toBe(200);
    for (const amount of [20, 35, 50]) {
      const answer = await clients.rival.post<{ leading: boolean }>(`/api/auction-lots/${lot.id}/bid`, { amount });
      expect(answer.body.leading).toBe(false);
    }
    // Its holder does see it: the walk's positive control.
    const own = await clients.holder.get(`/api/auction-lots/${lot.lotNumber}`);
    expect(leaks(JSON.stringify(own.body))).toContain(MAXIMUM);

    const findings: string[] = [];
    let scanned = 0;
    const routes = walkOrder(
      t.app.routeTable.filter(
        (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs") && r.url !== "/api/auth/logout",
      ),
    );
    const known = knownParams({ lot, auctionId });
    const mayCarry = (role: Role, route: RouteEntry) =>
      role === "holder" || (role === "admin" && route.access === "admin");
    for (const role of ["anonymous", "rival", "staff", "admin"] as const) {
      for (const route of routes) {
        if (mayCarry(role, route)) continue;
        for (const path of fillPaths(route, known)) {
          // Bodies left empty: a write refused by its validation answers nothing of a lot.
          const answer = await call(clients[role], route.method, path, {});
          scanned += 1;
          for (const secret of leaks(JSON.stringify(answer.body)))
            findings.push(`${role} ${route.method} ${path} -> ${answer.status} contains ${secret}`);
        }
      }
    }
    // The console shows it to admins.
    const houseView = await clients.admin.get(`/api/admin/lots/${lot.id}/bids`);
    expect(leaks(JSON.stringify(houseView.body))).toContain(MAXIMUM);
    const messages = heard.flat();
    for (const message of messages) {
      for (const secret of leaks(JSON.stringify(message.payload)))
        findings.push(`socket ${message.event} carries ${secret}`);
    }
    console.info(`maximum scanner: ${scanned} answers of ${routes.length} routes, ${messages.length} socket messages`);
    expect(messages.filter((m) => m.event === "lot:bid").length).toBeGreaterThanOrEqual(6);
    expect(scanned).toBeGreaterThan(300);
    expect(findings).toEqual([]);
  }, 180_000);
});
