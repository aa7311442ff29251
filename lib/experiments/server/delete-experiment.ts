import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { Operator } from "@/lib/operators/server/require-operator";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { lockExperiment } from "@/lib/experiments/server/experiment-lock";

// A draft never ran, so nothing was assigned or stamped under its key; the audit row keeps what it was.

export const deleteExperimentSchema = z.strictObject({ id: z.uuid() });

export async function deleteExperiment(
  input: z.infer<typeof deleteExperimentSchema>,
  operator: Operator,
  ip: string | null,
): Promise<{ id: string }> {
  await getDb().$transaction(async (tx) => {
    const experiment = await lockExperiment(tx, input.id);
    if (!experiment) throw notFound("Experiment not found.");
    if (experiment.status !== "draft") throw new ApiError("experiment_not_draft");
    await tx.experiment.delete({ where: { id: experiment.id } });
    await recordAudit(
      {
        operatorId: operator.id,
        action: "experiment.delete",
        targetType: "experiment",
        targetId: experiment.id,
        details: {
          key: experiment.key,
          surface: experiment.surface,
          variants: experiment.variants,
          metric: experiment.primaryMetric,
        },
        ip,
      },
      tx,
    );
  });
  return { id: input.id };
}
