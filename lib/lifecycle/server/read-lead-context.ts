import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isTimeZone } from "@/lib/shared/zoned-time";
import type { LeadFacts } from "@/lib/lifecycle/shared/step-condition";

// What a step's condition, merge fields and sending window need to know of a lead, read in the
// step's transaction. The time zone is the one the lead's browser gave when booking a call.

export type LeadContext = {
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  timeZone: string | null;
  facts: LeadFacts;
};

type Row = {
  email: string;
  first_name: string;
  last_name: string;
  name: string;
  source: string;
  track: "BUSINESS_OWNER" | "NON_OWNER" | null;
  qualified: boolean | null;
  booked: boolean;
  purchases: string[];
  time_zone: string | null;
};

const CONTEXT = `
  SELECT p.email, p.first_name, p.last_name, p.name, p.first_utm_source AS source,
         latest.track::text AS track, latest.qualified,
         EXISTS (SELECT 1 FROM scheduled_calls c WHERE c.prospect_id = p.id AND c.canceled_at IS NULL) AS booked,
         ARRAY(SELECT DISTINCT v.code FROM orders o
                 CROSS JOIN LATERAL (VALUES (o.product_id), (o.upsell_product_id)) v(code)
                WHERE (o.prospect_id = p.id OR lower(o.email) = lower(p.email))
                  AND o.status = 'SUCCEEDED' AND v.code IS NOT NULL) AS purchases,
         (SELECT c.user_timezone FROM scheduled_calls c WHERE c.prospect_id = p.id
           ORDER BY c.created_at DESC LIMIT 1) AS time_zone
    FROM prospects p
    LEFT JOIN LATERAL (SELECT s.track, s.qualified FROM survey_responses s WHERE s.prospect_id = p.id
                        ORDER BY s.created_at DESC, s.id DESC LIMIT 1) latest ON true
   WHERE p.id = $1::uuid`;

export async function readLeadContext(
  tx: Pick<Prisma.TransactionClient, "$queryRawUnsafe">,
  prospectId: string,
): Promise<LeadContext | null> {
  const [row] = await tx.$queryRawUnsafe<Row[]>(CONTEXT, prospectId);
  if (!row) return null;
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    timeZone: row.time_zone && isTimeZone(row.time_zone) ? row.time_zone : null,
    facts: {
      track: row.track,
      qualified: row.qualified,
      booked: row.booked,
      purchases: row.purchases,
      source: row.source,
    },
  };
}
