import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { getConfig } from "@/lib/platform/server/config";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { isSuppressed } from "@/lib/platform/server/mail/suppression-list";
import type { Prisma, SequenceExitReason } from "@/lib/generated/prisma/client";
import { HOUR_MS } from "@/lib/shared/dates";
import { readLeadContext, type LeadContext } from "@/lib/lifecycle/server/read-lead-context";
import { renderMarketingEmail, siteLinks } from "@/lib/lifecycle/server/render-marketing-email";
import { conditionHolds, parseStepCondition } from "@/lib/lifecycle/shared/step-condition";
import { intoSendingWindow } from "@/lib/lifecycle/shared/sending-window";
import type { MergeValues } from "@/lib/lifecycle/shared/merge-fields";

// Each due enrollment in a transaction of its own with its row locked (SKIP LOCKED): the step's
// e-mail (keyed by enrollment and step) and the enrollment's advance commit together or not at
// all, so a step goes out once across workers, crashes and restarts.

export const SEQUENCE_TEMPLATE = "sequence-step";

export type AdvanceCounts = { sent: number; scheduled: number; completed: number; exited: number };

/** A new enrollment has no due time yet: its first step is scheduled when the sweep first takes it. */
const DUE = `
  SELECT e.id
    FROM sequence_enrollments e
    JOIN sequences s ON s.id = e.sequence_id
   WHERE e.state = 'ACTIVE' AND s.active
     AND (e.next_due_at IS NULL OR e.next_due_at <= $1::timestamptz)
     AND e.id <> ALL($2::uuid[])
   ORDER BY e.next_due_at NULLS FIRST, e.id
   LIMIT 1
     FOR UPDATE OF e SKIP LOCKED`;

type Tx = Prisma.TransactionClient;

export class SequenceStepError extends Error {
  constructor(
    readonly enrollmentId: string,
    cause: unknown,
  ) {
    super(
      `sequence step of enrollment ${enrollmentId} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = "SequenceStepError";
  }
}

export function sequenceEmailKey(enrollmentId: string, stepId: string): string {
  return `sequence:${enrollmentId}:${stepId}`;
}

/** When a step `delayHours` after `from` goes out: inside the sending window, in the lead's zone. */
export function stepDueAt(from: Date, delayHours: number, lead: Pick<LeadContext, "timeZone">): Date {
  const config = getConfig();
  const zone = lead.timeZone ?? config.BOOKING_TIME_ZONE;
  return new Date(intoSendingWindow(from.getTime() + delayHours * HOUR_MS, zone, config.LIFECYCLE_SEND_HOURS));
}

function mergeValues(lead: LeadContext): MergeValues {
  return { first_name: lead.firstName, last_name: lead.lastName, full_name: lead.name, ...siteLinks() };
}

async function advanceOne(tx: Tx, enrollmentId: string, now: Date, counts: AdvanceCounts): Promise<void> {
  const enrollment = await tx.sequenceEnrollment.findUniqueOrThrow({
    where: { id: enrollmentId },
    include: { sequence: { include: { steps: { orderBy: { position: "asc" } } } } },
  });
  const { sequence } = enrollment;
  const close = (state: "COMPLETED" | "EXITED", exitReason: SequenceExitReason | null = null) =>
    tx.sequenceEnrollment.update({
      where: { id: enrollmentId },
      data: { state, exitReason, closedAt: now, nextDueAt: null },
    });
  const lead = await readLeadContext(tx, enrollment.prospectId);
  const step = sequence.steps[enrollment.currentStep];
  if (!lead || !step) {
    await close("COMPLETED");
    counts.completed += 1;
    return;
  }
  if (enrollment.nextDueAt === null) {
    const due = stepDueAt(enrollment.enteredAt, step.delayHours, lead);
    if (due > now) {
      await tx.sequenceEnrollment.update({ where: { id: enrollmentId }, data: { nextDueAt: due } });
      counts.scheduled += 1;
      return;
    }
  }
  const exit = await exitReason(lead, sequence.promotedProductCode, step.condition);
  if (exit) {
    await close("EXITED", exit);
    counts.exited += 1;
    return;
  }
  const email = await renderMarketingEmail(
    { subject: step.subject, preheader: step.preheader, markdown: step.body },
    mergeValues(lead),
  );
  await enqueueEmail(
    {
      template: SEQUENCE_TEMPLATE,
      to: lead.email,
      ...email,
      prospectId: enrollment.prospectId,
      idempotencyKey: sequenceEmailKey(enrollmentId, step.id),
      sequenceStepId: step.id,
    },
    tx,
  );
  counts.sent += 1;
  const next = sequence.steps[enrollment.currentStep + 1];
  await tx.sequenceEnrollment.update({
    where: { id: enrollmentId },
    data: next
      ? { currentStep: enrollment.currentStep + 1, nextDueAt: stepDueAt(now, next.delayHours, lead) }
      : { currentStep: enrollment.currentStep + 1, state: "COMPLETED", closedAt: now, nextDueAt: null },
  });
  if (!next) counts.completed += 1;
}

/** Why the lead leaves before this step: the promoted product bought, the address refused, the condition failed. */
async function exitReason(
  lead: LeadContext,
  promotedProductCode: string | null,
  condition: Prisma.JsonValue,
): Promise<SequenceExitReason | null> {
  if (promotedProductCode && lead.facts.purchases.includes(promotedProductCode)) return "PURCHASED";
  if (await isSuppressed(lead.email)) return "UNSUBSCRIBED";
  if (!conditionHolds(parseStepCondition(condition), lead.facts)) return "CONDITION";
  return null;
}

/**
 * Takes one due enrollment no other worker holds, in its own transaction; answers its id, or null
 * when none is due. `skip`: enrollments whose step failed in this run (tried again next run).
 */
export async function advanceNextEnrollment(
  now: Date,
  counts: AdvanceCounts,
  skip: string[] = [],
): Promise<string | null> {
  return getDb().$transaction(
    async (tx) => {
      const [due] = await tx.$queryRawUnsafe<{ id: string }[]>(DUE, now.toISOString(), skip);
      if (!due) return null;
      try {
        await advanceOne(tx, due.id, now, counts);
      } catch (error) {
        throw new SequenceStepError(due.id, error);
      }
      return due.id;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}
