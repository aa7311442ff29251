// node --import ./scripts/lib/server-only-register.mjs --import tsx tests/support/past-due-renewal.ts <order id>
// Loaded as the worker is (runAsServer's asWorker): under react-server the e-mail cannot render, the
// step rolls back and the sweep only logs it. For browser tests (e2e/helpers/funnel.ts): the order's demo
// subscription falls due by the demo clock and is billed (its saved card declines, so it goes
// past_due), and dunning's day-0 e-mail is queued before this exits. Renewal and dunning runs are
// global and skip rows another run holds (SKIP LOCKED): the server's own worker or a parallel
// test's run may be the one billing this subscription or taking its case's step, uncommitted when
// this run ends. So it waits for their commit on the row's lock and checks, rather than assuming.
import { getDb } from "@/lib/platform/server/db";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";

// Each pass either takes the step or waits on the run that holds it; a few passes at most.
const MAX_SWEEPS = 20;

async function main(orderId: string): Promise<void> {
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({ where: { orderId } });
  const providerId = subscription.providerSubscriptionId;
  const now = await demoNow();
  await db.demoSubscription.update({
    where: { id: providerId },
    data: { currentPeriodEnd: new Date(now.getTime() - 60_000) },
  });
  await renewDemoSubscriptions({ now });
  await db.$transaction((tx) => tx.$queryRaw`SELECT id FROM demo_subscriptions WHERE id = ${providerId} FOR UPDATE`);
  await db.subscriptionInvoice.findFirstOrThrow({ where: { subscriptionId: subscription.id, status: "failed" } });

  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const counts = await sweepDunning();
    if (counts.failures > 0) console.error(`dunning sweep: ${counts.failures} step(s) failed (see the log above)`);
    const [held] = await db.$transaction(
      (tx) =>
        tx.$queryRaw<{ next_step: number }[]>`
        SELECT next_step FROM dunning_cases WHERE subscription_id = ${subscription.id}::uuid FOR UPDATE`,
    );
    if (held && held.next_step > 0) return;
  }
  throw new Error(`no dunning step taken for subscription ${subscription.id}`);
}

main(process.argv[2] ?? "")
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
