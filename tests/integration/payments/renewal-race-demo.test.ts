import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { renewDemoSubscriptions, type RenewalCounts } from "@/lib/payments/server/renew-demo-subscriptions";
import { seedDueDemoSubscriptions, SEAT_CENTS } from "../../support/demo-renewals";

// Two workers run the demo billing run at the same moment, in small batches so they meet on the
// same due rows: each period is billed once (one renewal intent, one invoice row), never twice.

const ROUNDS = 50;
const PER_ROUND = 8;

const sum = (a: RenewalCounts, b: RenewalCounts) => ({
  paid: a.paid + b.paid,
  failed: a.failed + b.failed,
  ended: a.ended + b.ended,
});

describe("demo renewals: two workers at once", () => {
  it(`bill each due period exactly once (${ROUNDS} rounds)`, async () => {
    const db = getDb();
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await seedDueDemoSubscriptions(PER_ROUND, { declining: 2 });
      const [a, b] = await Promise.all([
        renewDemoSubscriptions({ batchSize: 3 }),
        renewDemoSubscriptions({ batchSize: 3 }),
      ]);
      expect(sum(a, b), `round ${round}`).toEqual({ paid: PER_ROUND - 2, failed: 2, ended: 0 });
      const invoices = await db.subscriptionInvoice.groupBy({
        by: ["subscriptionId"],
        where: { subscription: { providerSubscriptionId: { in: ids } } },
        _count: true,
        _sum: { amount: true },
      });
      expect(invoices, `round ${round}`).toHaveLength(PER_ROUND);
      expect(
        invoices.every((i) => i._count === 1 && i._sum.amount === SEAT_CENTS),
        `round ${round}`,
      ).toBe(true);
      const intents = await db.demoPaymentIntent.count({ where: { subscriptionId: { in: ids } } });
      expect(intents, `round ${round}`).toBe(2 * PER_ROUND);
    }
  });
});
