import "server-only";
import { queueDelivery } from "@/lib/platform/server/mail/mailer";
import { getDb } from "@/lib/platform/server/db";
import { DAY_MS } from "@/lib/shared/dates";

// SENDING for 15 minutes means the delivery never finished. It is resent under the same Resend
// idempotency key, so a send that did reach Resend is not a second e-mail.

export const STUCK_AFTER_MS = 15 * 60 * 1000;
/** Older rows are left for an operator: the reason predates the sweep. */
const LOOKBACK_MS = 7 * DAY_MS;
const BATCH = 500;

export async function requeueStuckEmails(now = new Date()): Promise<number> {
  const db = getDb();
  const cutoff = new Date(now.getTime() - STUCK_AFTER_MS);
  const window = { lt: cutoff, gte: new Date(now.getTime() - LOOKBACK_MS) };
  const stuck = await db.outgoingEmail.findMany({
    // Rows from before sending_at existed have only their creation time.
    where: { status: "SENDING", OR: [{ sendingAt: window }, { sendingAt: null, createdAt: window }] },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: BATCH,
  });
  let requeued = 0;
  for (const { id } of stuck) {
    const moved = await db.$transaction(async (tx) => {
      // A delivery that finished or restarted meanwhile is left alone.
      const { count } = await tx.outgoingEmail.updateMany({
        where: { id, status: "SENDING", OR: [{ sendingAt: { lt: cutoff } }, { sendingAt: null }] },
        data: { status: "QUEUED" },
      });
      if (count === 1) await queueDelivery(id, tx);
      return count;
    });
    requeued += moved;
  }
  return requeued;
}
