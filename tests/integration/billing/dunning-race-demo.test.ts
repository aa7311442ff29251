import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";
import { openDunningCases } from "@/lib/billing/server/open-dunning-cases";
import { enqueueDunningNotice } from "@/lib/billing/server/enqueue-dunning-notice";
import { DUNNING_SCHEDULE } from "@/lib/billing/shared/dunning-schedule";
import { seedDueDemoSubscriptions } from "../../support/demo-renewals";
import { dunningKeyCounts } from "../../support/dunning";

// Two sweep workers at once through the whole schedule, one stopped after a few steps (a restart)
// and one that dies inside a step (its transaction rolled back): every notice exactly once, by key,
// and no invoice, case or renewal intent twice.

const COUNT = 12;

class Crash extends Error {}

describe("dunning: two workers, a restart and a crash", () => {
  it("sends each step's e-mail once and records each retry once", async () => {
    const db = getDb();
    const ids = await seedDueDemoSubscriptions(COUNT, { declining: COUNT });
    expect(await renewDemoSubscriptions()).toMatchObject({ failed: COUNT });
    expect(await openDunningCases(new Date())).toBe(COUNT);

    // A worker locks one case, queues its day-0 e-mail and dies before committing.
    const victim = await db.dunningCase.findFirstOrThrow({ include: { subscription: { include: { order: true } } } });
    const invoice = await db.subscriptionInvoice.findUniqueOrThrow({ where: { id: victim.invoiceId } });
    const during = await db
      .$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM dunning_cases WHERE id = ${victim.id}::uuid FOR UPDATE`;
          await enqueueDunningNotice(
            tx,
            { ...victim, amount: invoice.amount, order: victim.subscription.order },
            0,
            DUNNING_SCHEDULE[0]!,
          );
          // Meanwhile two workers sweep: they skip the locked case and take the others.
          const both = await Promise.all([sweepDunning(), sweepDunning()]);
          throw Object.assign(new Crash("worker died"), { both });
          // Held while both sweeps run, however loaded the machine.
        },
        { maxWait: 10_000, timeout: 120_000 },
      )
      .catch((error: unknown) => {
        if (!(error instanceof Crash)) throw error;
        return (error as Crash & { both: Awaited<ReturnType<typeof sweepDunning>>[] }).both;
      });
    expect(during[0]!.notices + during[1]!.notices).toBe(COUNT - 1);
    expect(await db.outgoingEmail.count({ where: { idempotencyKey: `dunning:${victim.id}:0` } })).toBe(0);

    // The restarted sweep sends what the dead one had not.
    expect(await sweepDunning()).toMatchObject({ notices: 1 });

    for (const days of [3, 4, 3, 4]) {
      await advanceDemoClock(days);
      // One worker stops after two steps (a deploy), then two run side by side.
      const stopped = await sweepDunning({ maxSteps: 2 });
      const [a, b] = await Promise.all([sweepDunning(), sweepDunning()]);
      expect(stopped.notices + a.notices + b.notices, `day +${days}`).toBe(COUNT);
    }

    const cases = await db.dunningCase.findMany({ where: { subscription: { providerSubscriptionId: { in: ids } } } });
    expect(cases).toHaveLength(COUNT);
    expect(cases.every((c) => c.state === "ended" && c.accessRevokedAt !== null)).toBe(true);
    const keys = await dunningKeyCounts();
    const expected = cases.flatMap((c) => DUNNING_SCHEDULE.map((_, step) => `dunning:${c.id}:${step}`)).sort();
    expect([...keys.keys()].sort()).toEqual(expected);
    expect([...keys.values()].every((n) => n === 1)).toBe(true);
    expect(await db.outgoingEmail.count({ where: { template: "dunning-notice" } })).toBe(
      COUNT * DUNNING_SCHEDULE.length,
    );
    // One failed invoice each, retried in place (no new intent), and nothing more after the end.
    const invoices = await db.subscriptionInvoice.groupBy({
      by: ["subscriptionId"],
      where: { subscription: { providerSubscriptionId: { in: ids } } },
      _count: true,
    });
    expect(invoices.map((i) => i._count)).toEqual(Array.from({ length: COUNT }, () => 1));
    expect(await db.demoPaymentIntent.count({ where: { subscriptionId: { in: ids } } })).toBe(2 * COUNT);
    expect(await db.subscription.count({ where: { providerSubscriptionId: { in: ids }, status: "canceled" } })).toBe(
      COUNT,
    );
    expect(await sweepDunning()).toMatchObject({ notices: 0, opened: 0 });
  });
});
