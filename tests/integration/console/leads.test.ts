import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { fileDatabaseUrl } from "@/tests/support/db";
import { GET as exportGet } from "@/app/api/admin/leads/export/route";
import { getExportPool } from "@/lib/console/server/export-pool";
import { leadDetail } from "@/lib/console/server/lead-detail";
import { countLeads, leadsPage, SURVEY_COUNT_CAP } from "@/lib/console/server/leads-list";
import { lineText } from "@/lib/console/shared/lead-timeline";
import { COUNT_CAP } from "@/lib/shared/list-count";
import { seatReport } from "@/lib/console/server/seat-report";
import { leadFilterSchema, type LeadFilter } from "@/lib/leads/shared/lead-filter";
import { decodeUuidCursor } from "@/lib/shared/keyset-cursor";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { parseCsv } from "../../support/csv";
import { JUNE_2033, seedLeads2033, type SeededLeads } from "./seed-leads";

// The leads list, the lead page, the CSV exports and the seat report, against
// hand-made data: seed-leads-2033.ts for leads (its table lists every expected row), temporary
// tables for the seats (subscriptions are global state other tests write to).

let seeded: SeededLeads;
let operator: SignedInOperator;

beforeAll(async () => {
  seeded = await seedLeads2033();
  operator = await signedInOperator();
});

const june = (extra: Record<string, string> = {}): LeadFilter => leadFilterSchema.parse({ ...JUNE_2033, ...extra });
const keys = (rows: { id: string }[]) =>
  rows.map((r) => Object.entries(seeded.ids).find(([, id]) => id === r.id)?.[0] ?? `other:${r.id}`);

describe("leads list", () => {
  it("lists the range's leads newest first, 50 a page by default", async () => {
    const page = await leadsPage(june(), null);
    expect(keys(page.leads)).toEqual(["L4", "L3", "L2", "L1"]);
    expect(page.next).toBeNull();
    const l1 = page.leads.find((l) => l.id === seeded.ids.L1);
    expect(l1).toMatchObject({ track: "BUSINESS_OWNER", qualified: true, paidOrders: 1, firstUtmSource: "google" });
    expect(page.leads.find((l) => l.id === seeded.ids.L4)).toMatchObject({ qualified: false, paidOrders: 0 });
    expect(page.leads.find((l) => l.id === seeded.ids.L3)).toMatchObject({ track: null, qualified: false });
  });

  it("pages by keyset: the next page starts after the last row shown, and ends with no next", async () => {
    const first = await leadsPage(june(), null, undefined, 3);
    expect(keys(first.leads)).toEqual(["L4", "L3", "L2"]);
    const cursor = decodeUuidCursor(first.next ?? undefined);
    expect(cursor).toEqual({ at: new Date("2033-06-02T10:00:00Z"), id: seeded.ids.L2 });
    const second = await leadsPage(june(), cursor, undefined, 3);
    expect(keys(second.leads)).toEqual(["L1"]);
    expect(second.next).toBeNull();
  });

  it("searches name or e-mail, case-insensitively, taking % and _ literally", async () => {
    expect(keys((await leadsPage(june({ q: "ZED ALPHA" }), null)).leads)).toEqual(["L1"]);
    expect(keys((await leadsPage(june({ q: `lead-l4-${seeded.tag}` }), null)).leads)).toEqual(["L4"]);
    expect(keys((await leadsPage(june({ q: "under_score%" }), null)).leads)).toEqual(["L3"]);
    expect(keys((await leadsPage(june({ q: "under%score" }), null)).leads)).toEqual([]);
    // The date filter ends with the last day included: L5 (1 July) only with July.
    expect(keys((await leadsPage(june({ q: "eve late", to: "2033-07-01" }), null)).leads)).toEqual(["L5"]);
    expect(keys((await leadsPage(june({ q: "eve late" }), null)).leads)).toEqual([]);
  });

  it("filters by qualification and track (of the latest answer) and by first-touch source", async () => {
    expect(keys((await leadsPage(june({ qualified: "yes" }), null)).leads)).toEqual(["L1"]);
    expect(keys((await leadsPage(june({ qualified: "no" }), null)).leads)).toEqual(["L4", "L3", "L2"]);
    expect(keys((await leadsPage(june({ track: "BUSINESS_OWNER" }), null)).leads)).toEqual(["L4", "L1"]);
    expect(keys((await leadsPage(june({ track: "NON_OWNER" }), null)).leads)).toEqual(["L2"]);
    expect(keys((await leadsPage(june({ source: "google" }), null)).leads)).toEqual(["L4", "L1"]);
    expect(keys((await leadsPage(june({ source: "(none)" }), null)).leads)).toEqual(["L2"]);
    expect(keys((await leadsPage(june({ source: "google", qualified: "no" }), null)).leads)).toEqual(["L4"]);
  });
});

describe("leads count", () => {
  it("counts what the filter or search matches, whatever page is shown", async () => {
    expect(await countLeads(june())).toEqual({ count: 4, capped: false });
    expect(await countLeads(june({ q: "ZED ALPHA" }))).toEqual({ count: 1, capped: false });
    expect(await countLeads(june({ qualified: "no" }))).toEqual({ count: 3, capped: false });
    expect(await countLeads(june({ q: "under%score" }))).toEqual({ count: 0, capped: false });
  });

  it("stops at the cap and says so, rather than reading every lead", async () => {
    const tag = `cap${seeded.tag}`;
    await getDb().$executeRaw`
      INSERT INTO prospects (id, email, name, first_name, last_name, created_at, updated_at)
      SELECT gen_random_uuid(), ${tag} || '-' || n || '@example.test', 'Cap ' || n, 'Cap', 'Lead',
             '2034-01-01T00:00:00Z'::timestamptz + n * interval '1 second', now()
        FROM generate_series(1, ${COUNT_CAP + 2}) AS n`;
    expect(await countLeads(leadFilterSchema.parse({ q: tag }))).toEqual({ count: COUNT_CAP, capped: true });
    // A filter on the latest answer reads each lead's answer, so it stops at a lower cap.
    expect(await countLeads(leadFilterSchema.parse({ q: tag, qualified: "no" }))).toEqual({
      count: SURVEY_COUNT_CAP,
      capped: true,
    });
    const firstPage = await leadsPage(leadFilterSchema.parse({ q: tag }), null);
    expect(firstPage.leads).toHaveLength(50);
    expect(firstPage.next).not.toBeNull();
  });
});

describe("lead page", () => {
  it("reads the events as a timeline: labels, oldest first, no raw data", async () => {
    const lead = await leadDetail(seeded.ids.L3);
    expect(lead?.timeline.map(lineText)).toEqual(["Page viewed: /", "Opted in", "Page viewed: /"]);
    const l1 = await leadDetail(seeded.ids.L1);
    expect(l1?.timeline.map(lineText)).toEqual(["Page viewed: /", "Opened the opt-in form", "Opted in"]);
  });

  it("gathers answers, events, orders, e-mails, consent evidence, suppression and calls", async () => {
    const lead = await leadDetail(seeded.ids.L3);
    expect(lead?.prospect.email).toBe(seeded.emails.L3);
    expect(lead?.events.map((e) => e.action)).toEqual(["page_load", "form_submit", "page_load"]);
    expect(lead?.prospect.phoneConsents).toMatchObject([
      {
        phoneE164: "+14155550142",
        consentVersion: "sha256:test-version",
        ip: "203.0.113.7",
        userAgent: "TestBrowser/1.0",
      },
    ]);
    expect(lead?.prospect.emails).toMatchObject([{ template: "welcome", status: "SENT" }]);
    expect(lead?.suppression?.reason).toBe("MANUAL");
    expect(lead?.prospect.scheduledCalls).toMatchObject([{ eventType: "strategy-call" }]);

    const l1 = await leadDetail(seeded.ids.L1);
    expect(l1?.prospect.surveyResponses.map((r) => r.track)).toEqual(["BUSINESS_OWNER", "NON_OWNER"]);
    expect(l1?.prospect.orders).toMatchObject([
      { productId: "team-training-seat", subscription: { status: "active" } },
    ]);
    expect(l1?.suppression).toBeNull();
    expect(await leadDetail("00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

async function exportCsv(query: Record<string, string>, cookie = operator.cookie) {
  const response = await exportGet(
    adminRequest(`/api/admin/leads/export?${new URLSearchParams(query).toString()}`, { cookie }),
  );
  return { response, rows: response.status === 200 ? parseCsv(await response.text()) : [] };
}

describe("CSV export", () => {
  it("streams the filter's leads with a header, escapes formulas, and audits the export with its row count", async () => {
    const { response, rows } = await exportCsv({ ...JUNE_2033, kind: "leads" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-[\d-]+\.csv"$/);
    const [header, ...data] = rows;
    expect(header?.slice(0, 6)).toEqual(["id", "created_at", "name", "email", "track", "qualified"]);
    expect(data.map((r) => r[0])).toEqual([seeded.ids.L4, seeded.ids.L3, seeded.ids.L2, seeded.ids.L1]);
    const l2 = data.find((r) => r[0] === seeded.ids.L2);
    expect(l2?.[2]).toBe(`'=1+2 Beatrice ${seeded.tag}`);
    expect(data.find((r) => r[0] === seeded.ids.L1)?.slice(1, 6)).toEqual([
      "2033-06-01T10:00:00.000Z",
      `Zed Alpha ${seeded.tag}`,
      seeded.emails.L1,
      "BUSINESS_OWNER",
      "true",
    ]);
    const audit = await getDb().auditLog.findFirst({
      where: { operatorId: operator.operatorId, action: "export.leads" },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toEqual({ filter: JUNE_2033, rows: 4 });
  });

  it("exports the filtered leads' orders and their sessions' events", async () => {
    const orders = await exportCsv({ ...JUNE_2033, source: "google", kind: "orders" });
    // The orders list's own columns: catalog names, dollars, the console's status.
    expect(orders.rows[0]?.slice(0, 7)).toEqual([
      "order_id",
      "created_at",
      "paid_at",
      "email",
      "name",
      "prospect_id",
      "product",
    ]);
    expect(orders.rows.slice(1).map((r) => [r[5], r[6], r[15]])).toEqual([
      [seeded.ids.L4, "Fast Forward (digital book)", "REFUNDED"],
      [seeded.ids.L1, "Realtime AI Academy team training", "SUCCEEDED"],
    ]);
    const events = await exportCsv({ ...JUNE_2033, kind: "events" });
    const data = events.rows.slice(1);
    expect(data).toHaveLength(6);
    expect(data.filter((r) => r[3] === seeded.ids.L3)).toHaveLength(3);
    // The event data's JSON is one cell; "@first" inside it does not start the cell.
    expect(data.find((r) => r[6] === "button_click")?.[7]).toBe('{"note": "later", "page": "/"}');
    const audit = await getDb().auditLog.findFirst({
      where: { operatorId: operator.operatorId, action: "export.events" },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toEqual({ filter: JUNE_2033, rows: 6 });
  });

  it("refuses without a session (401) and a bad filter (400), and writes no audit row for them", async () => {
    const before = await getDb().auditLog.count({ where: { action: { startsWith: "export." } } });
    expect((await exportCsv({ ...JUNE_2033, kind: "leads" }, "")).response.status).toBe(401);
    expect((await exportCsv({ kind: "everything" })).response.status).toBe(400);
    expect((await exportCsv({ kind: "leads", from: "2033-02-30" })).response.status).toBe(400);
    expect((await exportCsv({ kind: "leads", extra: "1" })).response.status).toBe(400);
    expect(await getDb().auditLog.count({ where: { action: { startsWith: "export." } } })).toBe(before);
  });

  it("refuses a third export while two hold the export connections, and never touches the funnel's pool", async () => {
    const held = [await getExportPool().connect(), await getExportPool().connect()];
    try {
      const busy = await exportCsv({ ...JUNE_2033, kind: "leads" });
      expect(busy.response.status).toBe(429);
      expect(await busy.response.json()).toEqual({
        error: {
          code: "rate_limited",
          message: "Two exports are already running. Try again when one of them has finished.",
        },
      });
    } finally {
      for (const client of held) client.release();
    }
    const { response, rows } = await exportCsv({ ...JUNE_2033, kind: "leads" });
    expect(response.status).toBe(200);
    expect(rows).toHaveLength(5);
  });

  it("answers HEAD (which Next serves with GET) without exporting or auditing", async () => {
    const before = await getDb().auditLog.count({ where: { action: { startsWith: "export." } } });
    const query = new URLSearchParams({ ...JUNE_2033, kind: "leads" }).toString();
    const head = await exportGet(
      adminRequest(`/api/admin/leads/export?${query}`, { method: "HEAD", cookie: operator.cookie }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const anonymous = await exportGet(adminRequest(`/api/admin/leads/export?${query}`, { method: "HEAD" }));
    expect(anonymous.status).toBe(401);
    expect(await getDb().auditLog.count({ where: { action: { startsWith: "export." } } })).toBe(before);
  });

  it("records that a search was exported, never the search term (often the lead's e-mail)", async () => {
    const email = seeded.emails.L1 ?? "";
    expect(email).toContain("@");
    await exportCsv({ ...JUNE_2033, q: email, kind: "leads" });
    const audit = await getDb().auditLog.findFirst({
      where: { operatorId: operator.operatorId, action: "export.leads" },
      orderBy: { id: "desc" },
    });
    expect(JSON.stringify(audit?.details)).not.toContain(email);
    expect(audit?.details).toMatchObject({ filter: { q: "(search)" }, rows: 1 });
  });
});

describe("seat report", () => {
  it("sums active subscriptions' seats per product, each priced at its own order's seat price", async () => {
    // Temporary tables shadow the real ones for this connection only: the count is of these rows.
    const client = new pg.Client({ connectionString: fileDatabaseUrl() });
    await client.connect();
    try {
      await client.query("CREATE TEMP TABLE orders (LIKE public.orders INCLUDING DEFAULTS)");
      await client.query("CREATE TEMP TABLE subscriptions (LIKE public.subscriptions INCLUDING DEFAULTS)");
      // [product, seats, seat price, subscription status, order status, cancel at period end]
      const rows: [string, number, number, string, string?, boolean?][] = [
        ["team-training-seat", 3, 50_000, "active"],
        ["team-training-seat", 2, 50_000, "active"],
        ["team-training-seat", 5, 50_000, "canceled"],
        ["team-training-seat", 7, 50_000, "incomplete"],
        // Bought before a price change, and still billing until its period ends: counted at its price.
        ["team-training-seat", 6, 45_000, "active", "SUCCEEDED", true],
        // Refunded in full, its cancel not through yet: never counted.
        ["team-training-seat", 11, 50_000, "active", "REFUNDED"],
        ["team-training-test", 1, 100, "active"],
        // No longer sold: its subscribers still pay what they signed up for.
        ["retired-plan", 4, 30_000, "active"],
      ];
      for (const [i, [product, quantity, price, status, orderStatus = "SUCCEEDED", ending = false]] of rows.entries()) {
        const { rows: inserted } = await client.query<{ id: string }>(
          `INSERT INTO orders (id, contact_id, email, name, product_id, product_name, is_subscription, quantity, unit_price,
                               total_amount, status, browser_id, gateway, idempotency_key, updated_at)
           VALUES (gen_random_uuid(), 'c', 'x@example.test', 'X', $1, $1 || ' (ordered)', true, $2, $5::int, $2::int * $5::int, $4, 'b', 'demo', $3, now())
           RETURNING id`,
          [product, quantity, `seat-${i}`, orderStatus, price],
        );
        await client.query(
          `INSERT INTO subscriptions (id, order_id, provider_subscription_id, quantity, status, cancel_at_period_end, updated_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now())`,
          [inserted[0]?.id, `sub-${i}`, quantity, status, ending],
        );
      }
      const report = await seatReport(client);
      expect(report.products).toEqual([
        {
          productId: "team-training-seat",
          productName: "team-training-seat (ordered)",
          subscriptions: 3,
          seats: 11,
          // two seat prices: the list says it varies
          unitAmount: null,
          mrr: 3 * 50_000 + 2 * 50_000 + 6 * 45_000,
        },
        {
          productId: "retired-plan",
          productName: "retired-plan (ordered)",
          subscriptions: 1,
          seats: 4,
          unitAmount: 30_000,
          mrr: 120_000,
        },
        {
          productId: "team-training-test",
          productName: "team-training-test (ordered)",
          subscriptions: 1,
          seats: 1,
          unitAmount: 100,
          mrr: 100,
        },
      ]);
      expect(report).toMatchObject({ subscriptions: 5, seats: 16, mrr: 520_000 + 120_000 + 100 });
    } finally {
      await client.end();
    }
  });
});
