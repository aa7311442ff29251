import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest } from "@/tests/support/http";
import { type StripeDouble } from "../../doubles/stripe-api";
import { enterStripeMode, type StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer } from "./helpers";
import { trackEventBody } from "@/tests/support/track-event";

// A checkout must not hold a pooled database connection while the payment provider
// answers. 20 checkouts wait on a provider that takes 5 s per call while funnel events keep
// arriving on the same pool (10 connections): tracking stays fast.

const LATENCY_MS = 5_000;
let double: StripeDouble;
let stripeMode: StripeMode;
let createIntent: (request: Request) => Promise<Response>;
let trackAction: (request: Request) => Promise<Response>;

beforeAll(async () => {
  stripeMode = await enterStripeMode("whsec_pool_test_secret_0123456789");
  double = stripeMode.double;
  createIntent = (await import("@/app/api/create-payment-intent/route")).POST;
  trackAction = (await import("@/app/api/track-action/route")).POST;
});

afterAll(async () => {
  await stripeMode.leave();
});

async function trackEvent(): Promise<void> {
  const response = await trackAction(
    jsonRequest("/api/track-action", trackEventBody(randomUUID(), "slow-gateway-test")),
  );
  expect(response.status).toBe(202);
}

describe("20 checkouts against a provider that answers after 5 s", () => {
  // What it costs in milliseconds is npm run bench:slow-gateway's figure; this proves the cause.
  it(
    "hold no pooled connection while they wait, so POST /api/track-action never queues for one",
    { timeout: 90_000 },
    async () => {
      const { getPool } = await import("@/lib/platform/server/db");
      const pool = getPool();
      await trackEvent();
      await new Browser().call(createIntent, "/api/create-payment-intent", buyer("fast-forward-book"));
      double.setLatency(LATENCY_MS);
      const checkouts = Promise.all(
        Array.from({ length: 20 }, () =>
          new Browser().call(createIntent, "/api/create-payment-intent", buyer("fast-forward-book")),
        ),
      );
      let settled = false;
      void checkouts.finally(() => (settled = true));
      // Two clients send events until every checkout is answered. While all 20 checkouts wait on the
      // provider, the connections in use are the event clients' own (at most 2): before this fix
      // each checkout held one (and an advisory lock) for the whole wait.
      let eventsWhileWaiting = 0;
      let mostInUse = 0;
      let poolWaiters = 0;
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          while (!settled) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            const allAtProvider = double.inFlight() === 20;
            const inUse = pool.totalCount - pool.idleCount;
            await trackEvent();
            if (allAtProvider && !settled) {
              eventsWhileWaiting += 1;
              mostInUse = Math.max(mostInUse, inUse);
              poolWaiters = Math.max(poolWaiters, pool.waitingCount);
            }
          }
        }),
      );
      const results = await checkouts;
      double.setLatency(0);

      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(eventsWhileWaiting).toBeGreaterThan(50);
      expect(mostInUse).toBeLessThanOrEqual(2);
      expect(poolWaiters).toBe(0);
    },
  );
});
