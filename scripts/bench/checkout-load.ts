// bench:api's checkout run: a new buyer per request, as a real first checkout.
import autocannon, { type Result } from "autocannon";
import type pg from "pg";

export type CheckoutLoad = {
  result: Result;
  transactionIds: string[];
};

/** A block apart from the track-action runs' 10.x.x.x. */
const buyerAddress = (seq: number) => `100.${64 + ((seq >> 16) & 63)}.${(seq >> 8) & 255}.${seq & 255}`;

export async function checkoutLoad(
  url: string,
  cookie: string,
  options: { connections: number; duration: number; run: string },
): Promise<CheckoutLoad> {
  const transactionIds: string[] = [];
  let sent = 0;
  const result = await autocannon({
    url,
    method: "POST",
    connections: options.connections,
    duration: options.duration,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    requests: [
      {
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            headers: { ...request.headers, "x-forwarded-for": buyerAddress(sent) },
            body: JSON.stringify({
              contactId: `bench-${options.run}-${sent}`,
              email: `buyer-${options.run}-${sent}@example.com`,
              name: "Bench Buyer",
              productId: "fast-forward-book",
              quantity: 1,
            }),
          };
        },
        onResponse: (status, body) => {
          if (status < 200 || status >= 300) return;
          const parsed: unknown = JSON.parse(body);
          if (parsed && typeof parsed === "object" && "transactionId" in parsed) {
            transactionIds.push(String(parsed.transactionId));
          }
        },
      },
    ],
  });
  return { result, transactionIds };
}

export async function storedCheckouts(client: pg.Client, transactionIds: string[]): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM orders o JOIN unnest($1::uuid[]) AS a(id) ON o.id = a.id
      WHERE o.provider_payment_id IS NOT NULL`,
    [transactionIds],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function eventTableGrowth(client: pg.Client) {
  const { rows } = await client.query<{ rows: string; heap: string; indexes: string; total: string }>(
    `SELECT count(*) AS rows, pg_relation_size('funnel_events') AS heap,
            pg_indexes_size('funnel_events') AS indexes, pg_total_relation_size('funnel_events') AS total
       FROM funnel_events`,
  );
  const row = rows[0]!;
  const count = Math.max(1, Number(row.rows));
  return {
    rows: Number(row.rows),
    heapBytesPerRow: Math.round(Number(row.heap) / count),
    indexBytesPerRow: Math.round(Number(row.indexes) / count),
    totalBytesPerRow: Math.round(Number(row.total) / count),
  };
}
