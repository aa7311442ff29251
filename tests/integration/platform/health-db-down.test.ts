import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/embedded-postgres";

// Vitest isolates each file, so this file's client points at a port where nothing listens.
beforeAll(async () => {
  process.env.DATABASE_URL = `postgresql://postgres:x@127.0.0.1:${await freePort()}/funnel`;
});

describe("GET /api/health with the database unreachable", () => {
  it("answers 503 with db down", async () => {
    const { GET } = await import("@/app/api/health/route");
    const response = await GET();
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ status: "degraded", db: "down" });
  });
});
