import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { prepareBroadcastEmail, type BroadcastRenderer } from "@/lib/lifecycle/server/render-broadcast-email";
import { rateAllowance } from "@/lib/lifecycle/shared/broadcast-input";

// One batch of one sending broadcast, in one transaction: the broadcast's row is locked (SKIP
// LOCKED, so a second worker takes another broadcast or waits for the next batch) and so is each
// recipient; each e-mail (outbox key `broadcast:<id>:<lead>`, unique), the recipient's SENT and the
// rate window's count commit together. The delivery job still checks the suppression list.

export const BROADCAST_TEMPLATE = "broadcast";
export const BROADCAST_BATCH = 100;

export function broadcastEmailKey(broadcastId: string, prospectId: string): string {
  return `broadcast:${broadcastId}:${prospectId}`;
}

export type BatchResult =
  | { kind: "idle" }
  | { kind: "sent"; broadcastId: string; sent: number }
  | { kind: "finished"; broadcastId: string }
  | { kind: "wait"; broadcastId: string; ms: number };

type Locked = {
  id: string;
  subject: string;
  preheader: string;
  body: string;
  rate_per_minute: number;
  window_started_at: Date | null;
  window_sent: number;
};

type Recipient = { prospect_id: string; email: string; first_name: string; last_name: string; name: string };

// A sending broadcast's copy cannot change, so its render is kept while it sends.
const renderers = new Map<string, Promise<BroadcastRenderer>>();

function rendererFor(broadcast: Locked): Promise<BroadcastRenderer> {
  let renderer = renderers.get(broadcast.id);
  if (!renderer) {
    if (renderers.size >= 8) renderers.clear();
    renderer = prepareBroadcastEmail({
      subject: broadcast.subject,
      preheader: broadcast.preheader,
      markdown: broadcast.body,
    });
    renderers.set(broadcast.id, renderer);
    renderer.catch(() => renderers.delete(broadcast.id));
  }
  return renderer;
}

/** `skip`: broadcasts this run already found waiting for their rate window. */
export async function sendBroadcastBatch(
  now: Date,
  skip: string[] = [],
  batchSize = BROADCAST_BATCH,
): Promise<BatchResult> {
  return getDb().$transaction(
    async (tx) => {
      const [broadcast] = await tx.$queryRawUnsafe<Locked[]>(
        `SELECT id, subject, preheader, body, rate_per_minute, window_started_at, window_sent
           FROM broadcasts WHERE status = 'SENDING' AND id <> ALL($1::uuid[])
          ORDER BY started_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        skip,
      );
      if (!broadcast) return { kind: "idle" };
      const window = rateAllowance(
        now.getTime(),
        { startedAt: broadcast.window_started_at?.getTime() ?? null, sent: broadcast.window_sent },
        broadcast.rate_per_minute,
      );
      if (window.allowed === 0) return { kind: "wait", broadcastId: broadcast.id, ms: window.retryInMs };
      const recipients = await tx.$queryRawUnsafe<Recipient[]>(
        `SELECT r.prospect_id, p.email, p.first_name, p.last_name, p.name
           FROM broadcast_recipients r JOIN prospects p ON p.id = r.prospect_id
          WHERE r.broadcast_id = $1::uuid AND r.state = 'PENDING'
          LIMIT $2 FOR UPDATE OF r SKIP LOCKED`,
        broadcast.id,
        Math.min(batchSize, window.allowed),
      );
      if (recipients.length === 0) {
        // The broadcast's row is held, so no other batch holds its recipients: none are left.
        await tx.broadcast.update({ where: { id: broadcast.id }, data: { status: "SENT", finishedAt: now } });
        return { kind: "finished", broadcastId: broadcast.id };
      }
      const render = await rendererFor(broadcast);
      for (const lead of recipients) {
        const email = render({ first_name: lead.first_name, last_name: lead.last_name, full_name: lead.name });
        await enqueueEmail(
          {
            template: BROADCAST_TEMPLATE,
            to: lead.email,
            ...email,
            prospectId: lead.prospect_id,
            idempotencyKey: broadcastEmailKey(broadcast.id, lead.prospect_id),
            broadcastId: broadcast.id,
          },
          tx,
        );
      }
      await tx.$executeRawUnsafe(
        `UPDATE broadcast_recipients SET state = 'SENT', sent_at = $3::timestamptz
          WHERE broadcast_id = $1::uuid AND prospect_id = ANY($2::uuid[])`,
        broadcast.id,
        recipients.map((r) => r.prospect_id),
        now.toISOString(),
      );
      await tx.broadcast.update({
        where: { id: broadcast.id },
        data: {
          sentCount: { increment: recipients.length },
          windowStartedAt: new Date(window.startedAt),
          windowSent: window.sent + recipients.length,
        },
      });
      return { kind: "sent", broadcastId: broadcast.id, sent: recipients.length };
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}
