import { describe, expect, it } from "vitest";
import {
  BACKLOG_JOBS,
  everyMinutes,
  formatAge,
  healthItems,
  type HealthFacts,
  type QueueState,
} from "@/lib/console/shared/health-rules";

// The health strip's rules: only what is wrong or degraded, problems before notes, each naming
// what to set.

const NOW = new Date("2026-11-27T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

const healthyQueue: QueueState = {
  now: NOW,
  workerSeenAt: minutesAgo(0.5),
  dueJobs: 0,
  oldestDueAt: null,
  sweepCompletedAt: minutesAgo(4),
  sweepScheduledAt: minutesAgo(600),
};

const healthy: HealthFacts = {
  stripeSecretKey: true,
  stripeWebhookSecret: true,
  demoPaymentsRefused: false,
  emailProvider: true,
  emailWebhookSecret: true,
  sendingDomain: { name: "fastforward.example", status: "verified" },
  siteOrigin: "https://shop.example.com",
  addressedOrigin: "https://shop.example.com",
  sampleVideo: false,
  queue: healthyQueue,
  sweepEveryMinutes: 10,
};

const ids = (facts: Partial<HealthFacts>, queue: Partial<QueueState> = {}) =>
  healthItems({ ...healthy, ...facts, queue: facts.queue === null ? null : { ...healthyQueue, ...queue } }).map(
    (item) => item.id,
  );
const itemOf = (id: string, facts: Partial<HealthFacts>, queue: Partial<QueueState> = {}) => {
  const item = healthItems({ ...healthy, ...facts, queue: { ...healthyQueue, ...queue } }).find((i) => i.id === id);
  if (!item) throw new Error(`no ${id} item`);
  return item;
};

describe("health strip rules", () => {
  it("lists nothing for a configured site with a live worker and a recent sweep", () => {
    expect(healthItems(healthy)).toEqual([]);
  });

  it("a local start (no Stripe, no Resend, sample video) gets notes naming what to set", () => {
    const items = healthItems({
      ...healthy,
      stripeSecretKey: false,
      stripeWebhookSecret: false,
      emailProvider: false,
      sampleVideo: true,
    });
    expect(items.map((item) => [item.id, item.level])).toEqual([
      ["demo-payments", "note"],
      ["email-logged", "note"],
      ["sample-video", "note"],
    ]);
    expect(items[0]!.detail).toContain("`STRIPE_SECRET_KEY`");
    expect(items[1]!.title).toBe("E-mail is logged, not sent");
    expect(items[1]!.detail).toContain("`npm run outbox -- <address>`");
    expect(items[1]!.detail).toContain("`RESEND_API_KEY`");
    expect(items[2]!.detail).toContain("`VIDEO_URL`");
  });

  it("demo payments refused in production is a problem, listed first", () => {
    const items = healthItems({ ...healthy, stripeSecretKey: false, demoPaymentsRefused: true, sampleVideo: true });
    expect(items[0]).toMatchObject({ id: "demo-payments", level: "problem", title: "Checkout is refused" });
    expect(items[0]!.detail).toContain("`ALLOW_DEMO_PAYMENTS=true`");
  });

  it("Stripe keys without the webhook secret is a problem naming STRIPE_WEBHOOK_SECRET", () => {
    expect(itemOf("stripe-webhook", { stripeWebhookSecret: false }).detail).toContain("`STRIPE_WEBHOOK_SECRET`");
  });

  it("Resend without its webhook secret is a note naming RESEND_WEBHOOK_SECRET; the outbox needs none", () => {
    const items = healthItems({ ...healthy, emailWebhookSecret: false });
    expect(items.map((item) => [item.id, item.level])).toEqual([["email-webhook", "note"]]);
    expect(items[0]!.detail).toContain("`RESEND_WEBHOOK_SECRET`");
    expect(ids({ emailProvider: false, emailWebhookSecret: false })).toEqual(["email-logged"]);
  });

  it("a sending domain Resend has not verified, or does not have, is a problem; verified or unknown says nothing", () => {
    const pending = itemOf("sending-domain", { sendingDomain: { name: "mail.shop.example", status: "not_started" } });
    expect(pending.level).toBe("problem");
    expect(pending.detail).toContain("mail.shop.example as not started");
    expect(itemOf("sending-domain", { sendingDomain: { name: "shop.example", status: null } }).detail).toContain(
      "Resend has no domain shop.example",
    );
    expect(ids({ sendingDomain: null })).toEqual([]);
    expect(ids({ emailProvider: false, sendingDomain: { name: "shop.example", status: "failed" } })).toEqual([
      "email-logged",
    ]);
  });

  it("an address other than SITE_URL's names both and what to set; an unknown address says nothing", () => {
    const item = itemOf("site-url", { siteOrigin: "http://localhost:3000", addressedOrigin: "http://127.0.0.1:3000" });
    expect(item.level).toBe("problem");
    expect(item.detail).toContain("opened at http://127.0.0.1:3000, but `SITE_URL` is http://localhost:3000");
    expect(item.detail).toContain("`TRUSTED_PROXY_HOPS`");
    expect(ids({ addressedOrigin: null })).toEqual([]);
  });

  it("a worker silent for over three minutes, or never seen, is a problem", () => {
    expect(ids({}, { workerSeenAt: minutesAgo(2.5) })).toEqual([]);
    expect(itemOf("worker", {}, { workerSeenAt: minutesAgo(7) }).detail).toMatch(
      /^No worker has checked in for 7 minutes: .*`npm run worker`/,
    );
    expect(itemOf("worker", {}, { workerSeenAt: null }).detail).toMatch(/^No worker has ever checked in/);
  });

  it("the queue backs up when a due job waits five minutes or too many are due", () => {
    expect(ids({}, { dueJobs: 40, oldestDueAt: minutesAgo(4) })).toEqual([]);
    expect(itemOf("queue-backlog", {}, { dueJobs: 3, oldestDueAt: minutesAgo(12) }).detail).toMatch(
      /^3 jobs are waiting to start, the oldest for 12 minutes\./,
    );
    expect(ids({}, { dueJobs: BACKLOG_JOBS, oldestDueAt: minutesAgo(1) })).toEqual(["queue-backlog"]);
  });

  it("the reconciliation sweep is late past two slots and five minutes, and says how long ago it completed", () => {
    expect(ids({}, { sweepCompletedAt: minutesAgo(24) })).toEqual([]);
    const late = itemOf("reconcile", {}, { sweepCompletedAt: minutesAgo(47) });
    expect(late.detail).toMatch(/^The last reconciliation sweep completed 47 minutes ago; it runs every 10 minutes/);
    // Never completed: late only once the schedule is older than the allowance.
    expect(ids({}, { sweepCompletedAt: null, sweepScheduledAt: minutesAgo(3) })).toEqual([]);
    expect(ids({}, { sweepCompletedAt: null, sweepScheduledAt: minutesAgo(40) })).toEqual(["reconcile"]);
    expect(itemOf("reconcile", {}, { sweepCompletedAt: null, sweepScheduledAt: null }).title).toBe(
      "Reconciliation sweep not scheduled",
    );
  });

  it("a queue that could not be read is one problem instead of the worker and sweep checks", () => {
    expect(ids({ queue: null })).toEqual(["queue-unreadable"]);
  });

  it("reads an every-N-minutes cron and formats ages in whole units", () => {
    expect(everyMinutes("*/10 * * * *")).toBe(10);
    expect(everyMinutes("0 13 * * *")).toBeNull();
    expect([45_000, 60_000 * 3, 3_600_000 * 5, 86_400_000 * 3, 1_000].map(formatAge)).toEqual([
      "45 seconds",
      "3 minutes",
      "5 hours",
      "3 days",
      "1 second",
    ]);
  });
});
