import { adminChallengeListQuery, auditListQuery } from "@bm/shared/admin";
import { describe, expect, it } from "vitest";
import { readListParams, toQueryString, writeListParams } from "./list-params";

describe("a list's state in the URL", () => {
  it("reads the defaults from an empty address", () => {
    expect(readListParams(adminChallengeListQuery, new URLSearchParams())).toMatchObject({
      page: 1,
      pageSize: 50,
      sort: "date",
      order: "asc",
    });
    expect(readListParams(auditListQuery, new URLSearchParams()).order).toBe("desc");
  });

  it("falls back to the default for a value the schema refuses, keeping the rest", () => {
    const query = readListParams(adminChallengeListQuery, new URLSearchParams("sort=answer&page=3&order=desc"));
    expect(query).toMatchObject({ sort: "date", page: 3, order: "desc" });
  });

  it("drops defaults and empty values, keeps the tab, and sends any change but a page back to page 1", () => {
    const current = new URLSearchParams("tab=trials&page=4&sort=title");
    expect(writeListParams(adminChallengeListQuery, current, { order: "desc" }).toString()).toBe(
      "tab=trials&sort=title&order=desc",
    );
    expect(writeListParams(adminChallengeListQuery, current, { page: 5 }).toString()).toBe(
      "tab=trials&page=5&sort=title",
    );
    expect(writeListParams(adminChallengeListQuery, current, { sort: "date", q: "  " }).toString()).toBe("tab=trials");
  });

  it("round-trips: what is written reads back the same", () => {
    const written = writeListParams(adminChallengeListQuery, new URLSearchParams(), {
      sort: "credits",
      order: "desc",
      q: "raven",
      active: "false",
    });
    written.set("page", "2");
    expect(readListParams(adminChallengeListQuery, written)).toMatchObject({
      sort: "credits",
      order: "desc",
      q: "raven",
      active: "false",
      page: 2,
    });
  });

  it("builds the server's query string from the defined values", () => {
    expect(toQueryString({ page: 1, q: undefined, type: "task", active: "" })).toBe("?page=1&type=task");
    expect(toQueryString({})).toBe("");
  });
});
