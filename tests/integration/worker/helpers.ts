import { getDb } from "@/lib/platform/server/db";
import { outboxMails } from "@/tests/support/outbox";

// Rows for the sweep tests, placed relative to the clock a test runs its sweeps at.

export const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60 * 1000);

export async function backdateOrder(orderId: string, createdAt: Date): Promise<void> {
  await getDb().order.update({ where: { id: orderId }, data: { createdAt } });
}

export async function orderEmails(orderId: string, template: string) {
  return outboxMails({ orderId, template });
}

/** A delivery that crashed after claiming its row: SENDING since `since`, and no job left for it. */
export async function crashedEmail(since: Date): Promise<string> {
  const row = await getDb().outgoingEmail.create({
    data: {
      template: "welcome",
      recipient: `stuck-${since.getTime()}-${Math.random().toString(36).slice(2)}@example.com`,
      subject: "Welcome",
      html: "<p>Welcome</p>",
      text: "Welcome",
      status: "SENDING",
      sendingAt: since,
      attempts: 1,
    },
    select: { id: true },
  });
  return row.id;
}

/** Runs the e-mail queue once, then reads the row as it left it. */
export async function settle(emailId: string, workOff: () => Promise<number>) {
  await workOff();
  return getDb().outgoingEmail.findUniqueOrThrow({ where: { id: emailId } });
}
