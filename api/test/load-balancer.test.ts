import type { Agent } from "node:http";
import { createRuntime, loadConfig, type Runtime, silentLogger } from "@bm/core";
import { codeFrom } from "@bm/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { type ChildNode, startChildNode } from "./support/api-process";
import { eventually, type Member, type SharedServices, signInAt, sleep, startSharedServices } from "./support/cluster";
import { agentFrom, type Nginx, nginxBinary, startNginx, statusFrom } from "./support/nginx";
import {
  type MemberSocket,
  openSocket,
  type Received,
  recordEvents,
  rejoinLot,
  waitForEvent,
  watchLot,
} from "./support/sockets";

type Placed = { bid: { id: number }; lot: { version: number } };

/**
 * The load balancer docker-compose.yml runs (deploy/nginx.conf, the shipped file with only its
 * upstream addresses and port replaced) in front of two API processes exactly as deployed. Every
 * client speaks to nginx alone. Every connection of the test's HTTP clients leaves from 127.0.0.1,
 * which ip_hash sends to one node ("home"); sockets from another loopback address reach the other
 * ("away").
 */
describe("nginx in front of two API processes (deploy/nginx.conf)", () => {
  let services: SharedServices;
  let nodes: ChildNode[];
  let lb: Nginx;
  /** Fixtures only (lots, grants): this process serves nothing. */
  let fixtures: Runtime;
  let members: Member[];
  let home: ChildNode;
  let away: ChildNode;
  const homeAgent = agentFrom("127.0.0.1");
  let awayAgent: Agent;
  let awayAddress: string;
  const sockets: MemberSocket[] = [];
  const hostOf = (node: ChildNode) => new URL(node.baseUrl).host;

  /** The upstream nginx sent a GET from `agent` to, read from its access log. */
  async function routeOf(agent: Agent): Promise<string[]> {
    const probe = `/api/health/live?probe=${Math.random().toString(36).slice(2)}`;
    expect(await statusFrom(lb.url + probe, agent)).toBe(200);
    // nginx logs a request once its answer has gone: the client may read the log before the line is there.
    for (const end = Date.now() + 5_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
      const line = (await lb.routed()).find((r) => r.uri === probe);
      if (line) return line.upstreams;
    }
    throw new Error(`no access-log line for ${probe}`);
  }

  async function socketVia(member: Member, options: Parameters<typeof openSocket>[4] = {}) {
    const socket = await openSocket(lb.url, member.client.cookie, 10_000, undefined, options);
    sockets.push(socket);
    return { socket, log: recordEvents(socket) };
  }

  beforeAll(async () => {
    nginxBinary(); // Absent, the file fails at once and says how to install it.
    services = await startSharedServices("nginx");
    nodes = await Promise.all([startChildNode(services.env()), startChildNode(services.env())]);
    lb = await startNginx(nodes.map(hostOf));
    fixtures = await createRuntime(loadConfig(services.env()), { log: silentLogger });
    // Signed in through nginx, as a browser would be.
    members = await signInAt(lb.url, async (email) => codeFrom(await services.sink.waitFor(email)), 4, "nginx");
    for (const member of members) await grant(fixtures, member.id, 1000_00);
    const [homeHost] = await routeOf(homeAgent);
    home = nodes.find((n) => hostOf(n) === homeHost) as ChildNode;
    away = nodes.find((n) => n !== home) as ChildNode;
    // ip_hash hashes an IPv4 address's first three octets: the third one varies.
    for (let n = 1; n < 64 && !awayAgent; n++) {
      const agent = agentFrom(`127.0.${n}.1`);
      if ((await routeOf(agent))[0] === hostOf(away)) [awayAgent, awayAddress] = [agent, `127.0.${n}.1`];
    }
    expect(awayAgent, "a loopback address ip_hash sends to the other node").toBeDefined();
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await lb?.stop();
    await Promise.all((nodes ?? []).map((n) => n.stop()));
    await fixtures?.close();
    await services?.close();
  });

  it("answers the readiness check through nginx, from either node", async () => {
    const ready = await fetch(`${lb.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, checks: { postgres: { ok: true }, redis: { ok: true } } });
    expect(await statusFrom(`${lb.url}/api/health/ready`, awayAgent)).toBe(200);
    // nginx logs a request once its answer has gone: the second line may come a moment after it.
    const answered = await eventually(
      async () => {
        const hosts = (await lb.routed()).filter((r) => r.uri === "/api/health/ready").map((r) => r.upstreams[0]);
        return hosts.length >= 2 && hosts;
      },
      5000,
      "both readiness checks in the access log",
    );
    expect(answered.sort()).toEqual([hostOf(home), hostOf(away)].sort());
  });

  it("answers a request with an Upgrade off the socket's path as a plain one, and takes no node out", async () => {
    // `curl --http2` sends Upgrade: h2c, and anyone may send Upgrade: websocket anywhere. A node hangs
    // up on an upgrade not Socket.IO's and nginx counts the hang-up against it: passed on, these
    // eight left both nodes out for fail_timeout (every member answered 502).
    const upgrades: Record<string, string>[] = [
      { upgrade: "h2c", connection: "Upgrade, HTTP2-Settings", "http2-settings": "AAMAAABkAARAAAAAAAIAAAAA" },
      { upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" },
    ];
    const sent = [homeAgent, awayAgent].flatMap((agent) =>
      upgrades.flatMap((headers) => [1, 2].map(() => statusFrom(`${lb.url}/api/health/live`, agent, headers))),
    );
    expect(await Promise.all(sent)).toEqual(Array(8).fill(200));
    for (const agent of [homeAgent, awayAgent]) expect(await statusFrom(`${lb.url}/api/health/live`, agent)).toBe(200);
  });

  it("carries WebSockets and sticky long polling; a bid through one node reaches sockets on the other", async () => {
    const [bidder, first, second, third] = members as [Member, Member, Member, Member];
    const lot = await createLot(fixtures);
    const wsHome = await socketVia(first);
    const wsAway = await socketVia(second, { agent: awayAgent });
    const pollHome = await socketVia(first, { transports: ["polling"] });
    const pollAway = await socketVia(third, { transports: ["polling"], agent: awayAgent });
    const all = [wsHome, wsAway, pollHome, pollAway];
    expect(all.map((s) => s.socket.io.engine.transport.name)).toEqual(["websocket", "websocket", "polling", "polling"]);
    for (const { socket } of all) expect(await watchLot(socket, lot.lotNumber)).toMatchObject({ currentBid: "0.00" });

    const bid = await bidder.client.post<Placed>(`/api/auction-lots/${lot.id}/bid`, { amount: "7.00" });
    expect(bid.status).toBe(200);
    for (const { log } of all) {
      const heard = await waitForEvent(log, (r) => r.event === "lot:bid" && r.payload.lotId === lot.id);
      expect(heard.payload).toMatchObject({ currentBid: "7.00", bidCount: 1, bidId: bid.body.bid.id });
    }

    // Where each went, from nginx's own log (an upgraded connection is logged once it ends).
    const sids = [pollHome, pollAway].map((s) => s.socket.io.engine.id);
    for (const { socket } of all) socket.close();
    const routed = await eventually(
      async () => {
        const lines = await lb.routed();
        return lines.filter((r) => r.uri.includes("transport=websocket") && r.status === 101).length >= 2 && lines;
      },
      5000,
      "the upgraded connections in the access log",
    );
    const upgrades = routed.filter((r) => r.uri.includes("transport=websocket") && r.status === 101);
    expect(upgrades.map((r) => [r.from, r.upstreams]).sort()).toEqual(
      [
        ["127.0.0.1", [hostOf(home)]],
        [awayAddress, [hostOf(away)]],
      ].sort(),
    );
    expect(routed.find((r) => r.method === "POST" && r.uri.endsWith("/bid"))?.upstreams).toEqual([hostOf(home)]);
    // Every request of a polling session (its polls and its sends) reached the node that holds it.
    sids.forEach((sid, i) => {
      const session = routed.filter((r) => r.uri.includes(`sid=${sid}`));
      expect(session.length).toBeGreaterThanOrEqual(3);
      expect(new Set(session.flatMap((r) => r.upstreams))).toEqual(new Set([hostOf(i === 0 ? home : away)]));
      expect(session.every((r) => r.status === 200)).toBe(true);
    });
  });

  it("killing a node moves its members to the other: they rejoin, hear later bids, and nothing accepted is lost", async () => {
    const [bidder, first, second, third] = members as [Member, Member, Member, Member];
    const lot = await createLot(fixtures);
    // Reconnecting as the web's client does, its first retry sooner (the web waits about a second).
    const again = { reconnection: true, reconnectionDelay: 250, reconnectionDelayMax: 1000 };
    // Members on the node about to die (one over WebSocket, one long polling), and one elsewhere.
    const movers = [await socketVia(first, again), await socketVia(third, { ...again, transports: ["polling"] })];
    const stayer = await socketVia(second, { ...again, agent: awayAgent });
    const reconnects = movers.map(({ socket }) => {
      let count = 0;
      socket.io.on("reconnect", () => {
        count += 1;
      });
      return () => count;
    });
    for (const { socket } of [...movers, stayer]) await watchLot(socket, lot.lotNumber);

    // Reads and bids through nginx from 127.0.0.1 (routed to the node killed) before, during and after.
    let running = true;
    const reads: { at: number; status: number }[] = [];
    const reading = (async () => {
      while (running) {
        const answer = await bidder.client.get(`/api/auction-lots/${lot.id}/bids`);
        reads.push({ at: Date.now(), status: answer.status });
        await sleep(10);
      }
    })();
    // Bids one after the other, nearly always one in flight (the kill drops it: nginx answers 502),
    // and fewer than a rejoin is sent in full (RESYNC_LIMIT, 50).
    const bids: { sent: number; at: number; amount: number; status: number; placed?: Placed }[] = [];
    const bidding = (async () => {
      for (let amount = 10; running && amount < 50; amount++) {
        const member = amount % 2 === 0 ? bidder : first;
        const sent = Date.now();
        const answer = await member.client.post<Placed>(`/api/auction-lots/${lot.id}/bid`, { amount });
        bids.push({ sent, at: Date.now(), amount, status: answer.status, placed: answer.body });
        await sleep(5);
      }
    })();

    await eventually(async () => bids.filter((b) => b.status === 200).length >= 4, 10_000, "bids before the kill");
    home.child.kill("SIGKILL");
    const killedAt = Date.now();
    await eventually(async () => reconnects.every((count) => count() > 0), 10_000, "the movers' reconnection");
    // Reads and bids go on after the death for a while (by count, not by time: a busy machine is slow).
    await eventually(
      async () =>
        reads.filter((r) => r.at > killedAt).length > 5 &&
        bids.filter((b) => b.status === 200 && b.at > killedAt).length > 3,
      15_000,
      "reads and bids after the kill",
    );
    running = false;
    await Promise.all([reading, bidding]);

    // GETs never saw the death: a read the dead node dropped or refused was sent to the other.
    expect(reads.filter((r) => r.at > killedAt).length).toBeGreaterThan(5);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    // A bid the node refused the connection for went to the survivor. Lost (502) is a bid sent
    // while the node was dying: the one in flight, and any whose connection the kernel still took
    // into the dying process's backlog (its listening socket closes only after its memory is torn
    // down, which a busy machine has stretched past the next bid). None sent once the survivor
    // had taken one is lost; the next bid of a member left leading gets 409 (a leader does not
    // outbid itself).
    const lost = bids.filter((b) => b.status === 502).length;
    const firstOnSurvivor = bids.find((b) => b.status === 200 && b.sent > killedAt);
    expect(firstOnSurvivor).toBeDefined();
    expect(bids.filter((b) => b.status === 502 && b.sent >= firstOnSurvivor!.sent)).toEqual([]);
    expect(bids.filter((b) => b.status === 502 && b.at < killedAt)).toEqual([]);
    expect(bids.filter((b) => ![200, 409, 502].includes(b.status))).toEqual([]);
    expect(bids.filter((b) => b.status === 200 && b.at > killedAt).length).toBeGreaterThan(3);
    const accepted = bids.filter((b) => b.status === 200).map((b) => b.placed as Placed);

    // The movers are back through nginx on the survivor and rejoin the lot as the web does, with the
    // version they last heard (`since`): answered with the bids they missed.
    const latest = Math.max(...accepted.map((p) => p.lot.version));
    for (const { socket, log } of movers) {
      expect(socket.connected).toBe(true);
      const since = lastVersion(log, lot.id);
      const rejoined = await rejoinLot(socket, lot.lotNumber, since);
      expect(rejoined.snapshot.version).toBe(latest);
      const missed = rejoined.missed?.bids.map((b) => b.id) ?? [];
      const expected = accepted.filter((p) => p.lot.version > since).map((p) => p.bid.id);
      expect(missed).toEqual(expect.arrayContaining(expected));
      // Beside them, at most the bid lost in flight, had it committed before the kill.
      expect(missed.length - expected.length).toBeLessThanOrEqual(lost);
    }
    // The member on the survivor heard every accepted bid as it happened, but for one the dead node
    // may have committed and answered and never published: its version is skipped, and the page
    // asks the room for what it missed from the version before the gap, as the web does.
    const live = stayer.log.filter((r) => r.event === "lot:bid" && r.payload.lotId === lot.id);
    const heardLive = live.map((r) => r.payload.bidId as number);
    const versions = live.map((r) => r.payload.version as number);
    const recovered: number[] = [];
    for (const [i, version] of versions.entries()) {
      const before = i === 0 ? 0 : (versions[i - 1] as number);
      if (version <= before + 1) continue;
      const gap = await rejoinLot(stayer.socket, lot.lotNumber, before);
      recovered.push(...(gap.missed?.bids.map((b) => b.id) ?? []));
    }
    const notLive = accepted.map((p) => p.bid.id).filter((id) => !heardLive.includes(id));
    expect(notLive.length).toBeLessThanOrEqual(1);
    expect(recovered).toEqual(expect.arrayContaining(notLive));
    // A member who took no part in the race bids after it (a leader may not bid against themselves).
    const after = await third.client.post<Placed>(`/api/auction-lots/${lot.id}/bid`, { amount: 500 });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    for (const { log } of [...movers, stayer]) {
      const heard = await waitForEvent(log, (r) => r.event === "lot:bid" && r.payload.bidId === after.body.bid.id);
      expect(heard.payload).toMatchObject({ currentBid: "500.00" });
    }
    expect(reconnects.map((count) => count())).toEqual([1, 1]);
    expect(stayer.socket.connected).toBe(true);

    // Every bid answered 200 is in the lot's history, once; none is there twice.
    const history = await bidder.client.get<{ id: number; amount: string }[]>(`/api/auction-lots/${lot.id}/bids`);
    expect(history.status).toBe(200);
    const ids = history.body.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([...accepted, after.body].map((p) => p.bid.id)));
    expect(ids.length - accepted.length - 1).toBeLessThanOrEqual(lost);
    // In nginx's log: a request the dead node could not take, passed on to the survivor.
    const routed = await eventually(
      async () => {
        const lines = await lb.routed();
        return lines.some((r) => r.uri === `/api/auction-lots/${lot.id}/bids`) && lines;
      },
      5000,
      "the history's request in the access log",
    );
    expect(routed.some((r) => r.upstreams.join() === [hostOf(home), hostOf(away)].join() && r.status < 500)).toBe(true);
    expect(routed.at(-1)?.upstreams).toEqual([hostOf(away)]);
  });
});

/** The highest lot version a socket heard of `lotId` (0 when none). */
function lastVersion(log: Received[], lotId: number): number {
  const versions = log.filter((r) => r.event === "lot:bid" && r.payload.lotId === lotId).map((r) => r.payload.version);
  return Math.max(0, ...(versions as number[]));
}
