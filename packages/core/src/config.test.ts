import { SUPPORT_EMAIL } from "@bm/shared";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration of data deletion and the support address", () => {
  it("carries out confirmed deletions within DATA_DELETION_DAYS: 30 unless set, 1 to 30", () => {
    expect(loadConfig({}).dataDeletionDays).toBe(30);
    expect(loadConfig({ DATA_DELETION_DAYS: "7" }).dataDeletionDays).toBe(7);
    for (const bad of ["0", "31", "2.5", "soon"]) {
      expect(() => loadConfig({ DATA_DELETION_DAYS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DELETION_DAYS: bad }), bad).toThrow(/DATA_DELETION_DAYS/);
    }
  });

  it("takes SUPPORT_EMAIL as given, else support@ the public host, else the placeholder", () => {
    expect(loadConfig({ SUPPORT_EMAIL: " Help@Shop.Example " }).supportEmail).toBe("help@shop.example");
    expect(() => loadConfig({ SUPPORT_EMAIL: "nobody" })).toThrow(/SUPPORT_EMAIL/);
    expect(loadConfig({ PUBLIC_URL: "https://www.market.example" }).supportEmail).toBe("support@market.example");
    expect(loadConfig({ PUBLIC_URL: "https://bm.shop.example/" }).supportEmail).toBe("support@bm.shop.example");
    // Hosts without mail: localhost, an address.
    expect(loadConfig({}).supportEmail).toBe(SUPPORT_EMAIL);
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3000" }).supportEmail).toBe(SUPPORT_EMAIL);
  });
});
