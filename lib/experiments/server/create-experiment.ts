import "server-only";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { Operator } from "@/lib/operators/server/require-operator";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/platform/shared/db-errors";
import { assertFitsAudience, type CreateExperimentRequest } from "@/lib/experiments/server/experiment-draft-schema";

// Saved as a draft: nothing changes for visitors until it is started.

export async function createExperiment(
  input: CreateExperimentRequest,
  operator: Operator,
  ip: string | null,
): Promise<{ id: string }> {
  assertFitsAudience(input.surface, input.variants);
  try {
    return await getDb().$transaction(async (tx) => {
      const created = await tx.experiment.create({
        data: {
          key: input.key,
          surface: input.surface,
          variants: input.variants,
          subject: input.subject ?? Prisma.DbNull,
          primaryMetric: input.primaryMetric,
          createdBy: operator.id,
        },
        select: { id: true },
      });
      await recordAudit(
        {
          operatorId: operator.id,
          action: "experiment.create",
          targetType: "experiment",
          targetId: created.id,
          details: {
            key: input.key,
            surface: input.surface,
            variants: input.variants,
            subject: input.subject ?? null,
            metric: input.primaryMetric,
          },
          ip,
        },
        tx,
      );
      return created;
    });
  } catch (error) {
    // The unique index decides between two creates of one key at once.
    if (isUniqueViolation(error)) throw new ApiError("experiment_key_taken");
    throw error;
  }
}
