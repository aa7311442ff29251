import { randomUUID } from "node:crypto";
import pg from "pg";
import { databaseUrl, queryOn } from "./funnel";
import { STRIPE_MODE_PORT } from "../ports";

// A hand-counted offer experiment for the console's browser tests, on the Stripe-mode server: a
// running experiment changes the offer page for every visitor of its server, and no spec opens the
// offer page there. Keys and browser ids are the caller's, new on every run, so a retry seeds afresh.
//
// The seeded numbers (variants countdown, the control, and team, weight 1 each):
//   countdown: 4 visitors; c1 paid $197; c2 left a pending order (checkout only)
//     → checkout 2 (50.0 %), paid 1 (25.0 %), net $197, per visitor $49.25
//   team: 4 visitors; t1 paid $297, refunded $97; t2 paid $297, refunded in full;
//     t3 clicked through to checkout (a session with a checkout_click event)
//     → checkout 3 (75.0 %), paid 2 (50.0 %), net $200, per visitor $50

const db = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  queryOn<T>(STRIPE_MODE_PORT, sql, params);

/** Seeds the experiment `key` as running (stopping any other running one) or as stopped; answers its id. */
export async function seedOfferExperiment(key: string, running: boolean): Promise<string> {
  if (running) {
    // A run that failed before its stop left one running: stop it, or nothing can start.
    await db(
      `UPDATE experiments SET status = 'stopped', stopped_at = now(), rolled_out_variant = 'countdown', updated_at = now()
        WHERE surface = 'offer' AND status = 'running'`,
    );
  }
  const [experiment] = await db<{ id: string }>(
    `INSERT INTO experiments (id, key, surface, variants, primary_metric, status, started_at, stopped_at,
                              rolled_out_variant, updated_at)
     VALUES (gen_random_uuid(), $1, 'offer', '[{"key":"countdown","weight":1},{"key":"team","weight":1}]', 'revenue', $2,
             now() - interval '2 hours', $3, $4, now())
     RETURNING id`,
    [key, running ? "running" : "stopped", running ? null : new Date(), running ? null : "countdown"],
  );
  const id = experiment?.id ?? "";
  const browser = (name: string) => `${key}-${name}`;
  for (const [name, variant] of [
    ["c1", "countdown"],
    ["c2", "countdown"],
    ["c3", "countdown"],
    ["c4", "countdown"],
    ["t1", "team"],
    ["t2", "team"],
    ["t3", "team"],
    ["t4", "team"],
  ] as const) {
    await db(
      `INSERT INTO experiment_exposures (experiment_id, browser_id, variant, exposed_at)
       VALUES ($1, $2, $3, now() - interval '90 minutes')`,
      [id, browser(name), variant],
    );
  }
  const order = async (name: string, status: string, total: number) => {
    const [row] = await db<{ id: string }>(
      `INSERT INTO orders (id, contact_id, email, name, product_id, product_name, is_subscription, quantity, unit_price,
                           total_amount, status, browser_id, gateway, idempotency_key, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, 'Seeded Buyer', 'realtime-ai-academy', 'Realtime AI Academy', false, 1, $3, $3,
               $4::order_status, $5, 'stripe', $6, now() - interval '1 hour', now())
       RETURNING id`,
      [`contact-${browser(name)}`, `${browser(name)}@example.com`, total, status, browser(name), randomUUID()],
    );
    return row?.id ?? "";
  };
  const refund = (orderId: string, amount: number) =>
    db(
      `INSERT INTO refunds (id, order_id, amount, currency, reason, provider_refund_id, source)
       VALUES (gen_random_uuid(), $1, $2, 'usd', 'seeded', $3, 'console')`,
      [orderId, amount, `re_${randomUUID()}`],
    );
  await order("c1", "SUCCEEDED", 19700);
  await order("c2", "PENDING", 19700);
  await refund(await order("t1", "SUCCEEDED", 29700), 9700);
  await refund(await order("t2", "REFUNDED", 29700), 29700);
  const session = `${browser("t3")}-session`;
  await db(
    `INSERT INTO funnel_sessions (id, browser_id, started_at, last_seen_at, offer_variant)
     VALUES ($1, $2, now() - interval '80 minutes', now() - interval '70 minutes', 'team')`,
    [session, browser("t3")],
  );
  await db(
    `INSERT INTO funnel_events (session_id, step, action, client_timestamp) VALUES ($1, 4, 'checkout_click', now())`,
    [session],
  );
  return id;
}

// Any number: the same in every spec that runs an offer experiment.
const OFFER_SURFACE_LOCK = 7_310_001;

/**
 * Waits until no other test runs an offer experiment on the Stripe-mode server, then holds the
 * surface until the returned release is called (or the worker ends): seeding a running experiment
 * stops any other, so two specs in parallel would stop each other's.
 */
export async function claimOfferSurface(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl(STRIPE_MODE_PORT) });
  // The server stopping at the end of the run must not crash the worker through an unhandled event.
  client.on("error", () => undefined);
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1)", [OFFER_SURFACE_LOCK]);
  // An advisory lock belongs to its session: ending the connection releases it.
  return () => client.end();
}
