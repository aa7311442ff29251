import { beforeAll, describe, expect, it } from "vitest";
import { POST as timeZoneRoute } from "@/app/api/admin/settings/time-zone/route";
import { operatorFromHeaders } from "@/lib/operators/server/require-operator";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";

// Each operator's own zone for console dates: saved by the settings route, read with the session,
// cleared back to CONSOLE_TIME_ZONE (UTC here); anything that is no IANA zone is refused.

let operator: SignedInOperator;

beforeAll(async () => {
  operator = await signedInOperator({ role: "read_only" });
});

const save = (timeZone: unknown) =>
  timeZoneRoute(adminRequest("/api/admin/settings/time-zone", { body: { timeZone }, cookie: operator.cookie }));
const zoneOfSession = async () => {
  const me = await operatorFromHeaders(new Headers({ cookie: operator.cookie }));
  return me && { timeZone: me.timeZone, ownTimeZone: me.ownTimeZone };
};

describe("the operator's time zone", () => {
  it("starts at the configured default", async () => {
    expect(await zoneOfSession()).toEqual({ timeZone: "UTC", ownTimeZone: false });
  });

  it("is saved by any role, read with the session and audited, and cleared back to the default", async () => {
    const saved = await save("America/New_York");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ timeZone: "America/New_York" });
    expect(await zoneOfSession()).toEqual({ timeZone: "America/New_York", ownTimeZone: true });
    expect((await save(null)).status).toBe(200);
    expect(await zoneOfSession()).toEqual({ timeZone: "UTC", ownTimeZone: false });
    const audits = await getDb().auditLog.findMany({
      where: { action: "operator.time_zone", operatorId: operator.operatorId },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a) => a.details)).toEqual([{ timeZone: "America/New_York" }, { timeZone: null }]);
  });

  it("refuses what is no IANA zone with a 400", async () => {
    for (const bad of ["asia/kolkata", "+05:30", "Mars/Base", "", 5]) {
      const response = await save(bad);
      expect(response.status, String(bad)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
    }
    expect(await zoneOfSession()).toEqual({ timeZone: "UTC", ownTimeZone: false });
  });
});
