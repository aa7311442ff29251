import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { startRelay, type TcpRelay } from "@/tests/support/tcp-relay";

// A database that stops answering (frozen, not closed: connections stay open and nothing comes
// back) is an outage, not a flood: every database-backed request is answered 503 with
// Retry-After, none 429 and none left hanging, whether it held a connection or waited for one.

let relay: TcpRelay;

beforeAll(async () => {
  relay = await startRelay(new URL(process.env.DATABASE_URL ?? ""));
  // lib/platform/server/config reads it on first use, which is after this.
  process.env.DATABASE_URL = relay.url;
});

afterAll(async () => {
  await relay.close();
  const { closeDb } = await import("@/lib/platform/server/db");
  await closeDb().catch(() => undefined);
});

const register = async (email: string) => {
  const { POST } = await import("@/app/api/register/route");
  return POST(jsonRequest("/api/register", { contactId: randomUUID(), name: "Ada Lovelace", email }));
};

describe("API routes with the database frozen", () => {
  it("answer 503 with Retry-After to requests holding a connection and to those waiting for one", async () => {
    // Connections open and in the pool, as on a server that has been serving.
    const warm = await Promise.all([1, 2, 3].map((n) => register(`warm-${n}@example.com`)));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200]);

    relay.freeze();
    // More than the pool's 10 connections, each from its own client address.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => register(`frozen-${n}@example.com`)));
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((status) => status !== 503),
      `statuses: ${statuses.join(",")}`,
    ).toEqual([]);
    for (const answer of answers) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await errorOf(answer)).code).toBe("service_unavailable");
    }

    const { GET } = await import("@/app/api/health/route");
    expect((await GET()).status).toBe(503);
  }, 60_000);
});
