import "server-only";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { Operator } from "@/lib/operators/server/require-operator";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/platform/shared/db-errors";
import { lockExperiment } from "@/lib/experiments/server/experiment-lock";
import { assertFitsAudience, type UpdateExperimentRequest } from "@/lib/experiments/server/experiment-draft-schema";

// Only a draft changes: once started, its exposures were assigned with these variants and weights.

export async function updateExperiment(
  input: UpdateExperimentRequest,
  operator: Operator,
  ip: string | null,
): Promise<{ id: string }> {
  assertFitsAudience(input.surface, input.variants);
  try {
    await getDb().$transaction(async (tx) => {
      const experiment = await lockExperiment(tx, input.id);
      if (!experiment) throw notFound("Experiment not found.");
      if (experiment.status !== "draft") throw new ApiError("experiment_not_draft");
      await tx.experiment.update({
        where: { id: experiment.id },
        data: {
          key: input.key,
          surface: input.surface,
          variants: input.variants,
          subject: input.subject ?? Prisma.DbNull,
          primaryMetric: input.primaryMetric,
        },
      });
      await recordAudit(
        {
          operatorId: operator.id,
          action: "experiment.update",
          targetType: "experiment",
          targetId: experiment.id,
          details: {
            key: input.key,
            surface: input.surface,
            variants: input.variants,
            subject: input.subject ?? null,
            metric: input.primaryMetric,
            before: {
              key: experiment.key,
              surface: experiment.surface,
              variants: experiment.variants,
              subject: experiment.subject,
            },
          },
          ip,
        },
        tx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("experiment_key_taken");
    throw error;
  }
  return { id: input.id };
}
