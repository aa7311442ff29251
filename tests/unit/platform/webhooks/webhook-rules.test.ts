import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { webhookEventId } from "@/lib/platform/server/webhooks/emit-event";
import { newWebhookSecret, parseEventFilter } from "@/lib/platform/server/webhooks/endpoints";
import {
  MAX_ATTEMPTS,
  isSuccessStatus,
  nextAttemptAt,
  shouldDisable,
} from "@/lib/platform/shared/webhook-retry-schedule";

const at = new Date("2026-11-23T12:00:00Z");
const seconds = (date: Date | null) => (date ? (date.getTime() - at.getTime()) / 1000 : null);

describe("outgoing webhook rules", () => {
  it("retries on Svix's schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then stops", () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => seconds(nextAttemptAt(i + 1, at)));
    expect(delays).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000, null]);
  });

  it("disables an endpoint only after 5 days of failures without a success", () => {
    const day = 24 * 3600 * 1000;
    expect(shouldDisable(null, at)).toBe(false);
    expect(shouldDisable(new Date(at.getTime() - 5 * day + 1000), at)).toBe(false);
    expect(shouldDisable(new Date(at.getTime() - 5 * day), at)).toBe(true);
  });

  it("counts only 2xx as success (a redirect is a failure)", () => {
    expect([200, 204, 299].every(isSuccessStatus)).toBe(true);
    expect([199, 301, 302, 400, 500].some(isSuccessStatus)).toBe(false);
  });

  it("derives the event id from the type and the entity, so a replay has the same id", () => {
    const id = webhookEventId("order.paid", "4b0c…");
    expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(webhookEventId("order.paid", "4b0c…")).toBe(id);
    expect(webhookEventId("order.refunded", "4b0c…")).not.toBe(id);
  });

  it("makes Standard Webhooks secrets the standardwebhooks package signs and verifies with", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const hook = new Webhook(secret);
    const body = JSON.stringify({ type: "lead.created" });
    const now = new Date();
    const headers = {
      "webhook-id": "evt_1",
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": hook.sign("evt_1", now, body),
    };
    expect(hook.verify(body, headers)).toEqual({ type: "lead.created" });
  });

  it("accepts known event types in a filter and refuses others", () => {
    expect(parseEventFilter(undefined)).toEqual([]);
    expect(parseEventFilter("lead.created, order.paid")).toEqual(["lead.created", "order.paid"]);
    expect(() => parseEventFilter("lead.created,order.shipped")).toThrow("order.shipped");
  });
});
