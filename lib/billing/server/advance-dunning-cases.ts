import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { retryDemoRenewal } from "@/lib/payments/server/retry-demo-renewal";
import { restoreOrderAccess, revokeOrderAccess } from "@/lib/payments/server/revoke-order-access";
import { enqueueDunningNotice } from "@/lib/billing/server/enqueue-dunning-notice";
import { accessEndsWithDunning, accessPausedWhileOverdue } from "@/lib/billing/shared/dunning-access";
import { DUNNING_SCHEDULE, dunningStep, dunningStepAt } from "@/lib/billing/shared/dunning-schedule";

// Each due step in a transaction of its own with its case locked (SKIP LOCKED): the demo retry, the
// e-mail and the step's advance commit together or not at all, so a step happens once across workers
// and restarts. The end step waits until the subscription is cancelled (a provider call, made before).
// A plan sold paused_while_overdue loses its access at the first step and gets it back when paid.

export type StepCounts = { notices: number; retriesPaid: number; recovered: number; ended: number };

const END_STEP = DUNNING_SCHEDULE.findIndex((s) => s.end);

const DUE = `
  SELECT c.id
    FROM dunning_cases c
    JOIN subscriptions s ON s.id = c.subscription_id
   WHERE c.state = 'open' AND c.next_step_at <= $1::timestamptz
     AND (c.next_step <> $2 OR s.status = 'canceled') AND c.id <> ALL($3::uuid[])
   ORDER BY c.next_step_at, c.id
   LIMIT 1
     FOR UPDATE OF c SKIP LOCKED`;

type Tx = Prisma.TransactionClient;

/** A step that failed and rolled back, with the case it was for. */
export class DunningStepError extends Error {
  constructor(
    readonly caseId: string,
    cause: unknown,
  ) {
    super(`dunning step of case ${caseId} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = "DunningStepError";
  }
}

async function advanceOne(tx: Tx, caseId: string, now: Date, counts: StepCounts): Promise<void> {
  const dunning = await tx.dunningCase.findUniqueOrThrow({
    where: { id: caseId },
    include: { invoice: true, subscription: { include: { order: true } } },
  });
  const index = dunning.nextStep;
  const step = dunningStep(index);
  const close = (state: "recovered" | "ended", extra: Prisma.DunningCaseUpdateInput = {}) =>
    tx.dunningCase.update({
      where: { id: caseId },
      data: { state, closedAt: now, nextStepAt: null, nextStep: DUNNING_SCHEDULE.length, ...extra },
    });
  let paid = dunning.invoice.status === "paid";
  if (!paid && step && !step.end && dunning.subscription.status === "canceled") {
    // Ended by another path (a cancel at period end, a refund, the provider): no retry and no
    // reminder for a subscription that no longer runs.
    await close("ended");
    counts.ended += 1;
    return;
  }
  if (!paid && step?.retry && dunning.subscription.order.gateway === "demo") {
    // Dated by the real time, as the renewal run dates its invoices.
    paid = (await retryDemoRenewal(dunning.invoice, tx)) === "paid";
    if (paid) counts.retriesPaid += 1;
  }
  const order = dunning.subscription.order;
  if (!step || paid) {
    // A pause (or an end the schedule ran out into) taken by this case is given back once paid.
    const takenAt = paid ? dunning.accessRevokedAt : null;
    if (takenAt) await restoreOrderAccess(tx, order.id, takenAt);
    await close(paid ? "recovered" : "ended", takenAt ? { accessRestoredAt: now } : {});
    if (paid) counts.recovered += 1;
    return;
  }
  const access = { isSubscription: order.isSubscription, planAccessRule: dunning.subscription.planAccessRule };
  let revokedAt = dunning.accessRevokedAt;
  if (revokedAt === null && (accessPausedWhileOverdue(access) || (step.end && accessEndsWithDunning(access)))) {
    await revokeOrderAccess(tx, order.id, now);
    revokedAt = now;
  }
  if (step.end) {
    await close("ended", revokedAt ? { accessRevokedAt: revokedAt } : {});
    counts.ended += 1;
  }
  await enqueueDunningNotice(
    tx,
    {
      id: dunning.id,
      subscriptionId: dunning.subscriptionId,
      openedAt: dunning.openedAt,
      amount: dunning.invoice.amount,
      order,
    },
    index,
    step,
  );
  counts.notices += 1;
  if (!step.end) {
    await tx.dunningCase.update({
      where: { id: caseId },
      data: {
        nextStep: index + 1,
        nextStepAt: dunningStepAt(dunning.openedAt, index + 1),
        ...(revokedAt ? { accessRevokedAt: revokedAt } : {}),
      },
    });
  }
}

/**
 * Takes the next due step of one case no other worker holds, in its own transaction; answers the
 * case's id, or null when none is due. `skip`: cases whose step failed in this run (tried next run).
 */
export async function advanceNextDunningCase(
  now: Date,
  counts: StepCounts,
  skip: string[] = [],
): Promise<string | null> {
  return getDb().$transaction(
    async (tx) => {
      const [due] = await tx.$queryRawUnsafe<{ id: string }[]>(DUE, now.toISOString(), END_STEP, skip);
      if (!due) return null;
      try {
        await advanceOne(tx, due.id, now, counts);
      } catch (error) {
        throw new DunningStepError(due.id, error);
      }
      return due.id;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** Cases whose end is due and whose subscription still runs: the sweep cancels these first. */
export async function casesToEnd(now: Date): Promise<string[]> {
  const rows = await getDb().dunningCase.findMany({
    where: {
      state: "open",
      nextStep: END_STEP,
      nextStepAt: { lte: now },
      subscription: { status: { not: "canceled" } },
    },
    select: { subscriptionId: true },
    take: 500,
  });
  return rows.map((r) => r.subscriptionId);
}
