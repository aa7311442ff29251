import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";

// Paid demo seat subscriptions whose period already ended, written in a few set-wise statements
// (as checkout, the demo card form and fulfilment would leave them), for the renewal sweep's race
// test and benchmark. `declining` of them saved the 0341 card, so their renewal fails.

export const SEAT_CENTS = 50_000;

export async function seedDueDemoSubscriptions(count: number, options: { declining?: number } = {}): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID().replaceAll("-", "").slice(0, 24));
  const declining = options.declining ?? 0;
  await getDb().$executeRawUnsafe(
    `WITH rows AS (
       SELECT u.n, u.id, u.ord::uuid AS order_id, (u.n <= $2) AS declines,
              now() - interval '32 days' AS paid_at
         FROM unnest($1::text[], $3::text[]) WITH ORDINALITY AS u(id, ord, n)
     ), customers AS (
       INSERT INTO demo_customers (id, email, name) SELECT 'cus_demo_' || id, NULL, NULL FROM rows
     ), methods AS (
       INSERT INTO demo_payment_methods (id, customer_id, last4, off_session)
       SELECT 'pm_demo_' || id, 'cus_demo_' || id, CASE WHEN declines THEN '0341' ELSE '4242' END,
              CASE WHEN declines THEN 'card_declined' ELSE 'succeeded' END
         FROM rows
     ), intents AS (
       INSERT INTO demo_payment_intents (id, client_secret, amount, currency, status, subscription_id, idempotency_key,
                                         customer_id, payment_method_id, setup_future_usage, updated_at)
       SELECT 'pi_demo_' || id, 'pi_demo_' || id || '_secret_x', $4::int, 'usd', 'succeeded', 'sub_demo_' || id,
              'seed:' || id, 'cus_demo_' || id, 'pm_demo_' || id, 'off_session', paid_at
         FROM rows
     ), subs AS (
       INSERT INTO demo_subscriptions (id, quantity, unit_amount, status, latest_payment_intent_id,
                                       current_period_start, current_period_end, updated_at)
       SELECT 'sub_demo_' || id, 1, $4::int, 'active', 'pi_demo_' || id, paid_at, paid_at + interval '1 month', now()
         FROM rows
     ), orders AS (
       INSERT INTO orders (id, contact_id, email, name, product_id, product_name, is_subscription, quantity,
                           unit_price, total_amount, status, browser_id, gateway, provider_payment_id,
                           idempotency_key, fulfilled_at, created_at, updated_at)
       SELECT order_id, 'seed-' || id, 'seed-' || id || '@example.com', 'Seed Buyer', 'team-training-seat',
              'Team training', true, 1, $4::int, $4::int, 'SUCCEEDED', 'seed-' || id, 'demo', 'pi_demo_' || id,
              'seed:' || id, paid_at, paid_at, now()
         FROM rows
       RETURNING id
     )
     INSERT INTO subscriptions (id, order_id, provider_subscription_id, quantity, status, current_period_end,
                                updated_at)
     SELECT gen_random_uuid(), order_id, 'sub_demo_' || id, 1, 'active', paid_at + interval '1 month', now()
       FROM rows WHERE order_id IN (SELECT id FROM orders)`,
    ids,
    declining,
    ids.map(() => randomUUID()),
    SEAT_CENTS,
  );
  return ids.map((id) => `sub_demo_${id}`);
}
