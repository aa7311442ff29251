import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { ApiError } from "@/lib/platform/shared/api-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { stepInputSchema } from "@/lib/lifecycle/shared/step-input";

// An operator's change to a sequence raises its version and is audited with what it was before,
// in one transaction. A step already sent stays sent; the change applies to the e-mails to come.

export type SequenceEditor = { operatorId: string; ip?: string | null };

/** Answers the sequence's new version. */
export async function editSequenceStep(stepId: string, input: unknown, editor: SequenceEditor): Promise<number> {
  const parsed = stepInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("invalid_request", parsed.error.issues[0]!.message);
  const after = parsed.data;
  return getDb().$transaction(async (tx) => {
    const step = await tx.sequenceStep.findUnique({ where: { id: stepId } });
    if (!step) throw new ApiError("not_found", "No such sequence step.");
    await tx.sequenceStep.update({
      where: { id: stepId },
      data: { ...after, condition: after.condition ?? Prisma.DbNull },
    });
    const sequence = await tx.sequence.update({
      where: { id: step.sequenceId },
      data: { version: { increment: 1 } },
    });
    const before = {
      delayHours: step.delayHours,
      condition: step.condition as Prisma.InputJsonValue | null,
      subject: step.subject,
      preheader: step.preheader,
      body: step.body,
    };
    await recordAudit(
      {
        operatorId: editor.operatorId,
        action: "sequence.step.update",
        targetType: "sequence",
        targetId: sequence.id,
        details: { version: sequence.version, stepId, position: step.position, before, after },
        ip: editor.ip ?? null,
      },
      tx,
    );
    return sequence.version;
  });
}

/** Pauses or resumes a sequence: paused, it enrolls no one and sends nothing. */
export async function setSequenceActive(sequenceId: string, active: boolean, editor: SequenceEditor): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const current = await tx.sequence.findUnique({ where: { id: sequenceId } });
    if (!current) throw new ApiError("not_found", "No such sequence.");
    if (current.active === active) return current.version;
    const sequence = await tx.sequence.update({
      where: { id: sequenceId },
      data: { active, version: { increment: 1 } },
    });
    await recordAudit(
      {
        operatorId: editor.operatorId,
        action: active ? "sequence.resume" : "sequence.pause",
        targetType: "sequence",
        targetId: sequenceId,
        details: { version: sequence.version },
        ip: editor.ip ?? null,
      },
      tx,
    );
    return sequence.version;
  });
}
