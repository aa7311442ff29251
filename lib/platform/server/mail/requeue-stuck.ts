import "server-only";
import { queueDelivery } from "@/lib/platform/server/mail/mailer";
import { getDb } from "@/lib/platform/server/db";
import { DAY_MS } from "@/lib/shared/dates";

// The e-mail half of the reconciliation sweep: a message left SENDING for over 15 minutes was
// claimed by a delivery that never finished (a crash, a lost job). It goes back to QUEUED with a
// new delivery job in one transaction; deliver-email.ts sends it under the same Resend
// idempotency key, so a send that did reach Resend before the crash is not a second e-mail.

export const STUCK_AFTER_MS = 15 * 60 * 1000;
/** Rows stuck for longer than this are left for an operator: the reason is older than the sweep. */
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
      // Conditional: a delivery that finished meanwhile (SENT, LOGGED) or restarted (a fresh
      // sending_at) is left alone.
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
