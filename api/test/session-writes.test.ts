import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

/**
 * A rolling session is not rewritten on every request: its row changes when what it holds changes
 * or its stored expiry falls a day behind (the cookie still rolls on each answer).
 */
describe("session rows written only when they change", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed");
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowOf = async (cookie: string) => {
    const rows = await t.runtime.db.dataSource.query(
      `SELECT xmin::text AS version, expire FROM sessions WHERE sess::jsonb ->> 'userId' IS NOT NULL ORDER BY expire DESC`,
    );
    expect(cookie).not.toBe("");
    return rows as { version: string; expire: Date }[];
  };

  it("leaves the row alone across requests, rewrites it a day later, and never brings an ended session back", async () => {
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("rolling"));
    const [before] = await rowOf(member.cookie);
    for (let i = 0; i < 5; i += 1) {
      const answer = await member.get("/api/auth/user");
      expect(answer.status).toBe(200);
      expect(answer.headers.getSetCookie().some((c) => c.startsWith("bm.sid="))).toBe(true);
    }
    const [after] = await rowOf(member.cookie);
    expect(after?.version).toBe(before?.version);

    // Once the expiry it would store is a day past the stored one, the row is written.
    const [{ sid, sess }] = await t.runtime.db.dataSource.query(
      `SELECT sid, sess FROM sessions WHERE xmin::text = $1`,
      [before?.version],
    );
    const store = t.runtime.sessions;
    const save = (session: object) =>
      new Promise<void>((resolve, reject) => store.set(sid, session, (e) => (e ? reject(e) : resolve())));
    await save(sess);
    expect((await rowOf(member.cookie))[0]?.version).toBe(before?.version);
    const expires = Date.parse(sess.cookie.expires);
    await save({ ...sess, cookie: { ...sess.cookie, expires: new Date(expires + 25 * 3600_000).toISOString() } });
    const [later] = await rowOf(member.cookie);
    expect(later?.version).not.toBe(before?.version);
    expect(new Date(later!.expire).getTime()).toBeGreaterThan(new Date(before!.expire).getTime());
    // What it holds changed: written at once.
    await save({ ...sess, note: "changed" });
    expect((await rowOf(member.cookie))[0]?.version).not.toBe(later?.version);

    // Signed out: the session is gone and stays gone.
    expect((await member.post("/api/auth/logout", {})).status).toBeLessThan(300);
    expect((await member.get("/api/auth/user")).status).toBe(401);
  });

  it("reads the session's member in the session's own statement and hands it once to the request that read it", async () => {
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("one-read"));
    const { id } = (await member.get<{ id: string }>("/api/auth/user")).body;
    const [{ sid }] = await t.runtime.db.dataSource.query(
      `SELECT sid FROM sessions WHERE sess::jsonb ->> 'userId' = $1`,
      [id],
    );
    const store = t.runtime.sessions;
    const read = () =>
      new Promise<{ userId?: string } | null>((resolve, reject) =>
        store.get(sid, (e, session) => (e ? reject(e) : resolve(session))),
      );

    expect((await read())?.userId).toBe(id);
    expect(store.takeMember(sid, id)).toMatchObject({ user: { id }, suspended: false });
    expect(store.takeMember(sid, id)).toBeUndefined(); // once
    await read();
    expect(store.takeMember(sid, "00000000-0000-4000-8000-000000000000")).toBeUndefined(); // another member's
    await read();
    t.clock.advance(1500);
    expect(store.takeMember(sid, id)).toBeUndefined(); // no longer this request's

    // A suspension in force is read in the same statement; the request is refused with it.
    await t.runtime.db.dataSource.query(
      `INSERT INTO suspensions (user_id, reason, starts_at, created_by) VALUES ($1, 'test', $2, $1)`,
      [id, t.runtime.clock.now()],
    );
    await read();
    expect(store.takeMember(sid, id)).toMatchObject({ user: { id }, suspended: true });
    expect((await member.get("/api/auth/user")).status).toBe(401);
  });

  it("reads the sessions asked for together in one statement, each request its own session and member", async () => {
    const members = [new Client(t.baseUrl), new Client(t.baseUrl), new Client(t.baseUrl)];
    const ids: string[] = [];
    for (const m of members) {
      await m.signIn(t, uniqueEmail("together"));
      ids.push((await m.get<{ id: string }>("/api/auth/user")).body.id);
    }
    const rows: { sid: string; user_id: string }[] = await t.runtime.db.dataSource.query(
      `SELECT sid, sess::jsonb ->> 'userId' AS user_id FROM sessions WHERE sess::jsonb ->> 'userId' = ANY ($1)`,
      [ids],
    );
    const store = t.runtime.sessions;
    const read = (sid: string) =>
      new Promise<{ userId?: string } | null>((resolve, reject) =>
        store.get(sid, (e, session) => (e ? reject(e) : resolve(session))),
      );
    const sids = [...rows.map((r) => r.sid), "no-such-session"];
    const sessions = await Promise.all(sids.map(read));
    expect(sessions.map((s) => s?.userId ?? null)).toEqual([...rows.map((r) => r.user_id), null]);
    for (const r of rows) expect(store.takeMember(r.sid, r.user_id)).toMatchObject({ user: { id: r.user_id } });
    // And through HTTP, all at once: each answered as itself.
    const answers = await Promise.all(members.map((m) => m.get<{ id: string }>("/api/auth/user")));
    expect(answers.map((a) => a.body.id)).toEqual(ids);
  });
});
