import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { getDb } from "@/lib/platform/server/db";

describe("GET /api/health", () => {
  it("answers 200 with db ok against a real PostgreSQL", async () => {
    // The client's first query pays its start-up; the check's 2 s budget is for the database's answer.
    await getDb().$queryRaw`SELECT 1`;
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", db: "ok" });
  });
});
