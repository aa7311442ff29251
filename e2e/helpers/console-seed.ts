import { randomUUID } from "node:crypto";
import { query } from "./funnel";

// A tiny hand-counted funnel for the console's browser tests, written straight into the test
// server's database in one month of 2035 (future days: no other test writes there and the rollup
// job, which only rolls completed days up, never covers them, so the overview counts them live).
//
//   session  started   first page_load  prospect (created)   survey      checkout  order
//   a        day 1     /                A (day 1 10:01)      qualified   click     ai-step-by-step $497 SUCCEEDED (day 1)
//   b        day 2     /paid            —                    —           click     book $7 REFUNDED (day 2, refund row)
//   c        day 3     /                C (day 3 10:01)      —           —         —
//   d        day 4     —                —                    —           —         —
//
// Funnel over days 1–7: 4 sessions; free-book path (a, c) page_load 2, opt-in 2, survey 1,
// qualified or offer 1, checkout 1, paid 1; $7 path (b) page_load 1, checkout 1, paid 1 (a refunded
// order was paid); d has no landing view. Landing: free 2, paid 1, unknown 1. Net $497.
// Revenue: AI Step By Step gross $497.00 net $497.00; book gross $7.00 refunded $7.00 net $0.00.
// New leads: day 1 one, day 3 one.

export type ConsoleSeed = {
  tag: string;
  month: string;
  leadA: { id: string; name: string; email: string };
  /** Lead A's order (a). */
  orderA: string;
};

export async function seedConsoleMonth(month: string): Promise<ConsoleSeed> {
  const tag = randomUUID().slice(0, 8);
  const at = (day: number, time = "10:00:00") => `${month}-0${day}T${time}Z`;
  const leadA = { id: randomUUID(), name: `Ada Console ${tag}`, email: `ada-console-${tag}@example.test` };
  const leadC = { id: randomUUID(), name: `Cy Console ${tag}`, email: `cy-console-${tag}@example.test` };
  for (const [lead, day] of [
    [leadA, 1],
    [leadC, 3],
  ] as const)
    await query(
      `INSERT INTO prospects (id, email, name, first_name, last_name, first_utm_source, created_at, updated_at)
       VALUES ($1, $2, $3, 'E2E', 'Console', 'e2e-console', $4, $4)`,
      [lead.id, lead.email, lead.name, at(day, "10:01:00")],
    );
  const sid = (key: string) => `e2e-console-${tag}-${key}`;
  const sessions: [string, number, string | null, string | null][] = [
    ["a", 1, "/", leadA.id],
    ["b", 2, "/paid", null],
    ["c", 3, "/", leadC.id],
    ["d", 4, null, null],
  ];
  for (const [key, day, page, prospectId] of sessions) {
    await query(
      `INSERT INTO funnel_sessions (id, browser_id, prospect_id, started_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)`,
      [sid(key), `b-${sid(key)}`, prospectId, at(day)],
    );
    if (page)
      await query(
        `INSERT INTO funnel_events (session_id, step, action, data, client_timestamp, received_at)
         VALUES ($1, 1, 'page_load', $2, $3, $3)`,
        [sid(key), JSON.stringify({ page, referrer: null, viewport: "desktop" }), at(day)],
      );
    if (key === "a" || key === "b")
      await query(
        `INSERT INTO funnel_events (session_id, step, action, data, client_timestamp, received_at)
         VALUES ($1, 6, 'checkout_click', '{"target":"/checkout","button":"buy"}', $2, $2)`,
        [sid(key), at(day, "10:05:00")],
      );
  }
  await query(
    `INSERT INTO survey_responses (id, session_id, prospect_id, track, qualified, rule_version, created_at)
     VALUES ($1, $2, $3, 'BUSINESS_OWNER', true, 'e2e', $4)`,
    [randomUUID(), sid("a"), leadA.id, at(1, "10:03:00")],
  );
  const order = async (
    key: string,
    prospectId: string | null,
    product: string,
    total: number,
    status: string,
    day: number,
  ) => {
    const id = randomUUID();
    await query(
      `INSERT INTO orders (id, contact_id, prospect_id, email, name, product_id, product_name, is_subscription, quantity,
                           unit_price, total_amount, status, browser_id, gateway, idempotency_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'E2E Buyer', $5, $6, false, 1, $7, $7, $8::order_status, $9, 'demo', $10, $11, $11)`,
      [
        id,
        sid(key),
        prospectId,
        prospectId ? leadA.email : `buyer-${tag}@example.test`,
        product,
        product === "ai-step-by-step" ? "AI Step By Step" : "Fast Forward (digital book)",
        total,
        status,
        `b-${sid(key)}`,
        `e2e-console-${tag}-${key}`,
        at(day, "10:06:00"),
      ],
    );
    return id;
  };
  const orderA = await order("a", leadA.id, "ai-step-by-step", 49_700, "SUCCEEDED", 1);
  const refunded = await order("b", null, "fast-forward-book", 700, "REFUNDED", 2);
  // The overview's revenue counts refunds from the refunds table, by refund date (as a refund
  // recorded from the console or the provider leaves it).
  await query(
    `INSERT INTO refunds (id, order_id, amount, currency, provider_refund_id, source, created_at)
     VALUES ($1, $2, 700, 'usd', $3, 'provider', $4)`,
    [randomUUID(), refunded, `re_e2e_${tag}`, at(2, "12:00:00")],
  );
  return { tag, month, leadA, orderA };
}
