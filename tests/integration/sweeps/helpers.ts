import { getDb } from "@/lib/platform/server/db";

// Sweep tests share one database with every other integration file running beside them. Each
// file runs its sweeps at its own clock, far from today (`shiftedNow`), and places its rows
// relative to it: the sweeps' bounded windows then see this file's rows and nobody else's.

const DAY_MS = 24 * 60 * 60 * 1000;

export function shiftedNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

export const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60 * 1000);

export async function backdateOrder(orderId: string, createdAt: Date): Promise<void> {
  await getDb().order.update({ where: { id: orderId }, data: { createdAt } });
}

export async function orderEmails(orderId: string, template: string) {
  return getDb().outgoingEmail.findMany({ where: { orderId, template }, orderBy: { createdAt: "asc" } });
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

/** Runs the e-mail queue until this row is settled (other files' workOff calls may take its job). */
export async function settle(emailId: string, workOff: () => Promise<number>) {
  for (let i = 0; i < 50; i++) {
    await workOff();
    const row = await getDb().outgoingEmail.findUniqueOrThrow({ where: { id: emailId } });
    if (row.status !== "QUEUED" && row.status !== "SENDING") return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`e-mail ${emailId} was not delivered`);
}
