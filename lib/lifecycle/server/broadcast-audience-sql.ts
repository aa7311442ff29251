import "server-only";
import { leadFilterSql, leadsWithLatestAnswer, type FilterSql } from "@/lib/leads/server/lead-filter-sql";
import { suppressionHashKeys } from "@/lib/platform/server/mail/unsubscribe-keys";
import type { BroadcastSegment } from "@/lib/lifecycle/shared/broadcast-input";

// Who a broadcast goes to, as one SELECT of prospect ids: the preview's count and the queue's
// INSERT read the same text. Beyond the leads list's filter (flagged leads always left out; erased
// leads have no row): the address accepted mail before (an e-mail to the lead was SENT, or LOGGED
// by the outbox) and is not on the suppression list, hashed here as the list hashes it
// (HMAC-SHA256 of the lower-cased, NFC address, base64url) under every key a row may carry.

export function broadcastAudienceSql(segment: BroadcastSegment, params: unknown[] = []): FilterSql {
  const needsAnswer = Boolean(segment.qualified || segment.track);
  const leads = leadFilterSql(
    { ...segment, flagged: undefined },
    params,
    needsAnswer ? leadsWithLatestAnswer("p.id, p.email") : "SELECT p.id, p.email FROM prospects p",
  );
  params.push(suppressionHashKeys());
  const keys = `$${params.length}::text[]`;
  const sql = `
    SELECT a.id FROM (${leads.sql}) a
     WHERE EXISTS (SELECT 1 FROM outgoing_emails e
                    WHERE e.prospect_id = a.id AND e.status IN ('SENT', 'LOGGED'))
       AND NOT EXISTS (
         SELECT 1 FROM unnest(${keys}) k
           JOIN email_suppressions s
             ON s.address_hash = rtrim(translate(encode(
                  hmac(normalize(lower(btrim(a.email)), NFC), k, 'sha256'), 'base64'), '+/', '-_'), '=')
       )`;
  return { sql, params };
}
