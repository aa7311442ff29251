import "server-only";
import type { PersonDb, PersonScope } from "@/lib/privacy/server/person-scope";

// Mail tools often put the subscriber's address into UTM values: erasure blanks values containing
// the person's identifiers and keeps the rest, so a sale's source stays countable.

const SESSION_UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];
const ORDER_UTM = ["first", "last"].flatMap((when) =>
  ["source", "medium", "campaign", "term", "content"].map((part) => `${when}_utm_${part}`),
);

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const blankIfMatching = (column: string) =>
  `"${column}" = CASE WHEN "${column}" ILIKE ANY($1) THEN '' ELSE "${column}" END`;

/** A one-letter name would match anything. */
export function identifierPatterns(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value.length >= 3))].map(likePattern);
}

export async function scrubAttribution(tx: PersonDb, scope: PersonScope, identifiers: string[]): Promise<number> {
  const patterns = identifierPatterns(identifiers);
  if (patterns.length === 0) return 0;
  let changed = 0;
  changed += await tx.$executeRawUnsafe(
    `UPDATE funnel_sessions SET ${SESSION_UTM.map(blankIfMatching).join(", ")}
      WHERE id = ANY($2::text[]) AND concat_ws(' ', ${SESSION_UTM.map((c) => `"${c}"`).join(", ")}) ILIKE ANY($1)`,
    patterns,
    scope.sessionIds,
  );
  changed += await tx.$executeRawUnsafe(
    `UPDATE orders SET ${ORDER_UTM.map(blankIfMatching).join(", ")}
      WHERE id = ANY($2::uuid[]) AND concat_ws(' ', ${ORDER_UTM.map((c) => `"${c}"`).join(", ")}) ILIKE ANY($1)`,
    patterns,
    scope.orderIds,
  );
  for (const table of ["demo_payment_intents", "demo_subscriptions"]) {
    changed += await tx.$executeRawUnsafe(
      `UPDATE ${table} SET metadata = (
         SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(metadata)
          WHERE NOT (value::text ILIKE ANY($1)))
        WHERE metadata->>'transactionId' = ANY($2::text[]) AND metadata::text ILIKE ANY($1)`,
      patterns,
      scope.orderIds,
    );
  }
  return changed;
}
