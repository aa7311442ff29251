import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { dunningStep } from "@/lib/billing/shared/dunning-schedule";

// What a subscription's latest dunning case says, for reports: a subscription never dunned is absent.

export type DunningState = {
  caseId: string;
  state: "open" | "recovered" | "ended";
  /** The next step's notice (null once closed). */
  nextStep: string | null;
  nextStepAt: Date | null;
  /** Cents due on the invoice that opened the case (0 once it is paid). */
  amountDue: number;
  currency: string;
  openedAt: Date;
  closedAt: Date | null;
  accessRevoked: boolean;
};

const STATES = new Set(["open", "recovered", "ended"]);

/** By our subscriptions.id; the latest case of each. */
export async function readDunningStates(subscriptionIds: string[]): Promise<Map<string, DunningState>> {
  const out = new Map<string, DunningState>();
  if (subscriptionIds.length === 0) return out;
  const rows = await getDb().dunningCase.findMany({
    where: { subscriptionId: { in: subscriptionIds } },
    orderBy: { openedAt: "desc" },
    include: { invoice: { select: { amount: true, currency: true, status: true } } },
  });
  for (const row of rows) {
    if (out.has(row.subscriptionId) || !STATES.has(row.state)) continue;
    out.set(row.subscriptionId, {
      caseId: row.id,
      state: row.state as DunningState["state"],
      nextStep: row.state === "open" ? (dunningStep(row.nextStep)?.notice ?? null) : null,
      nextStepAt: row.state === "open" ? row.nextStepAt : null,
      amountDue: row.invoice.status === "paid" ? 0 : row.invoice.amount,
      currency: row.invoice.currency,
      openedAt: row.openedAt,
      closedAt: row.closedAt,
      accessRevoked: row.accessRevokedAt !== null && row.accessRestoredAt === null,
    });
  }
  return out;
}
