// node --conditions=react-server --import tsx tests/support/past-due-card-link.ts <order id>
// For browser tests, run as the test server (e2e/helpers/funnel.ts runAsServer): the order's demo
// subscription's period is made due and billed now (its saved card declines, so it goes past_due),
// then prints the card-update link a dunning e-mail would carry.
import { getDb } from "@/lib/platform/server/db";
import { cardUpdateUrl } from "@/lib/billing/server/card-update-link";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";

async function main(orderId: string): Promise<void> {
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({ where: { orderId } });
  await db.demoSubscription.update({
    where: { id: subscription.providerSubscriptionId },
    data: { currentPeriodEnd: new Date(Date.now() - 60_000) },
  });
  await renewDemoSubscriptions({ now: new Date() });
  console.log(cardUpdateUrl(subscription.id));
}

main(process.argv[2] ?? "")
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
