import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { DAY_MS } from "@/lib/shared/dates";

// A settled e-mail keeps its row (recipient, subject, status, dates) for the delivery history; its
// body, links and attachments go after EMAIL_BODY_RETENTION_DAYS. Batched, so a first run on a
// large table holds no long lock.

const BATCH = 1000;

export async function purgeEmailBodies(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - getConfig().EMAIL_BODY_RETENTION_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const count = await getDb().$executeRaw`
      UPDATE outgoing_emails SET html = '', text = '', attachments = '[]', headers = '{}', sealed_body = NULL
       WHERE id IN (
         SELECT id FROM outgoing_emails
          WHERE status IN ('SENT', 'LOGGED', 'FAILED', 'SUPPRESSED') AND coalesce(sent_at, created_at) < ${cutoff}
            AND (html <> '' OR text <> '' OR attachments <> '[]' OR headers <> '{}' OR sealed_body IS NOT NULL)
          LIMIT ${BATCH})`;
    purged += count;
    if (count < BATCH) return purged;
  }
}
