import { describe, expect, it } from "vitest";
import { POST as refundPost } from "@/app/api/admin/orders/refund/route";
import { funnelReport } from "@/lib/console/server/funnel-report";
import { runFunnelRollup } from "@/lib/leads/server/funnel-rollup";
import { FUNNEL_SPLITS } from "@/lib/leads/shared/funnel-steps";
import { getPool } from "@/lib/platform/server/db";
import { DAY_MS, floorDay } from "@/lib/shared/dates";
import { demoPurchase, requestKey } from "../console/purchase";
import { optIn, pageView, qualify, surveyed, type Visitor } from "../console/funnel-visitors";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";

// Days older than the rollup's recount window change too: a refund, a late payment, opt-in or
// survey weeks after the session started must reach that day's rolled-up numbers.

/** Moves a session and everything recorded for it `days` back, as if it had all happened then. */
async function backdate(visitor: Visitor, days: number): Promise<void> {
  const shift = [visitor.contactId, `${days} days`];
  const pool = getPool();
  await pool.query(
    `UPDATE funnel_sessions SET started_at = started_at - $2::interval, last_seen_at = last_seen_at - $2::interval WHERE id = $1`,
    shift,
  );
  await pool.query(`UPDATE funnel_events SET received_at = received_at - $2::interval WHERE session_id = $1`, shift);
  await pool.query(`UPDATE survey_responses SET created_at = created_at - $2::interval WHERE session_id = $1`, shift);
  await pool.query(
    `UPDATE orders SET created_at = created_at - $2::interval, updated_at = updated_at - $2::interval WHERE contact_id = $1`,
    shift,
  );
  await pool.query(
    `UPDATE refunds SET created_at = created_at - $2::interval WHERE order_id IN (SELECT id FROM orders WHERE contact_id = $1)`,
    shift,
  );
  await pool.query(
    `UPDATE prospects SET created_at = created_at - $2::interval, updated_at = updated_at - $2::interval
      WHERE id = (SELECT prospect_id FROM funnel_sessions WHERE id = $1)`,
    shift,
  );
}

const dayOf = (daysAgo: number) => {
  const from = new Date(floorDay(Date.now()) - daysAgo * DAY_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
};

const reports = (day: { from: Date; to: Date }) =>
  Promise.all(FUNNEL_SPLITS.map((split) => funnelReport({ ...day, split })));

/** The day counted live: without its funnel_rollup_days row the report reads no rolled-up numbers. */
async function liveReports(day: { from: Date; to: Date }) {
  const pool = getPool();
  const { rows } = await pool.query<{ refreshed_at: Date }>(
    "DELETE FROM funnel_rollup_days WHERE day = $1::date RETURNING refreshed_at",
    [day.from],
  );
  expect(rows).toHaveLength(1);
  const live = await reports(day);
  await pool.query("INSERT INTO funnel_rollup_days (day, refreshed_at) VALUES ($1::date, $2)", [
    day.from,
    rows[0]!.refreshed_at,
  ]);
  return live;
}

describe("the funnel rollup", () => {
  it("recounts an older rolled-up day whose sessions paid, refunded, opted in or answered the survey since", async () => {
    const refunded = await surveyed("ads");
    const purchase = await demoPurchase("ai-step-by-step", 1, refunded);
    await backdate(refunded, 20);
    const late = await pageView("/", "news");
    await backdate(late, 21);
    await backdate(await surveyed("ads"), 25); // untouched since: its day is not recounted
    await runFunnelRollup();
    const [twenty, twentyOne] = [dayOf(20), dayOf(21)];
    expect((await funnelReport({ ...twenty, split: "none" })).total.netRevenue).toBe(49_700);
    expect((await funnelReport({ ...twentyOne, split: "none" })).total.paths[0]?.steps[1]?.sessions).toBe(0);

    // Today: a refund for the 20-day-old session; opt-in, survey and payment for the 21-day-old one.
    const operator = await signedInOperator();
    const body = { orderId: purchase.orderId, reason: "Asked within 30 days", requestKey: requestKey() };
    expect((await refundPost(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }))).status).toBe(
      200,
    );
    await optIn(late, "news");
    await qualify(late);
    await demoPurchase("ai-step-by-step", 1, late);
    const run = await runFunnelRollup();

    const rolledTwenty = await reports(twenty);
    const rolledTwentyOne = await reports(twentyOne);
    expect(rolledTwenty).toEqual(await liveReports(twenty));
    expect(rolledTwentyOne).toEqual(await liveReports(twentyOne));
    expect(rolledTwenty[0]?.total.netRevenue).toBe(0);
    expect(rolledTwentyOne[0]?.total.netRevenue).toBe(49_700);
    expect(rolledTwentyOne[0]?.total.paths[0]?.steps.map((s) => s.sessions)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(run).toMatchObject({ stale: 2 }); // the 25-day-old day was left alone
  }, 120_000);
});
