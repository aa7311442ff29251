import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/offer-view/route";
import { getDb } from "@/lib/platform/server/db";
import { recordOfferView } from "@/lib/offers/server/offer-session";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { registeredVisitor } from "@/tests/support/visitor";

const session = (id: string) => getDb().funnelSession.findUniqueOrThrow({ where: { id } });

describe("POST /api/offer-view", () => {
  it("records the variant and starts the countdown once; a repeat continues it", async () => {
    const visitor = await registeredVisitor();
    const first = await POST(jsonRequest("/api/offer-view", { variant: "countdown" }, { cookie: visitor.cookie }));
    expect(first.status).toBe(200);
    const body = (await first.json()) as { variant: string; elapsedMs: number };
    expect(body.variant).toBe("countdown");
    expect(body.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(body.elapsedMs).toBeLessThan(5_000);
    const started = (await session(visitor.contactId)).countdownStartedAt;
    expect(started).toBeInstanceOf(Date);

    // Three minutes later (server clock), the same start is kept and the elapsed time grows.
    const browserId = (await session(visitor.contactId)).browserId;
    const later = await recordOfferView(browserId, "countdown", new Date(started!.getTime() + 180_000));
    expect(later.elapsedMs).toBe(180_000);
    const again = await POST(jsonRequest("/api/offer-view", { variant: "add-to-order" }, { cookie: visitor.cookie }));
    expect(again.status).toBe(200);
    const row = await session(visitor.contactId);
    expect(row.countdownStartedAt?.getTime()).toBe(started!.getTime());
    expect(row.offerVariant).toBe("add-to-order");
  });

  it("records the team variant without starting a countdown", async () => {
    const visitor = await registeredVisitor();
    const response = await POST(jsonRequest("/api/offer-view", { variant: "team" }, { cookie: visitor.cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ variant: "team", elapsedMs: null });
    const row = await session(visitor.contactId);
    expect(row.offerVariant).toBe("team");
    expect(row.countdownStartedAt).toBeNull();
  });

  it("refuses a visitor without name and e-mail with the product's wording", async () => {
    const response = await POST(jsonRequest("/api/offer-view", { variant: "countdown" }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "user_information_required",
      message: "User information is required.",
    });
  });

  it.each([[{ variant: "bogus" }], [{}], [{ variant: "countdown", startedAt: "2020-01-01T00:00:00Z" }], [[1]]])(
    "refuses %j with 400",
    async (body) => {
      const visitor = await registeredVisitor();
      const response = await POST(jsonRequest("/api/offer-view", body, { cookie: visitor.cookie }));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe("invalid_request");
    },
  );
});
