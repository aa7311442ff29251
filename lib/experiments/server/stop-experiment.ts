import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { Operator } from "@/lib/operators/server/require-operator";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { lockExperiment } from "@/lib/experiments/server/experiment-lock";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";

// The rolled-out variant holds until another experiment of the surface starts; results count only
// what happened before the stop.

export const stopExperimentSchema = z.strictObject({ id: z.uuid(), rollout: z.string().min(1).max(40) });

export async function stopExperiment(
  input: z.infer<typeof stopExperimentSchema>,
  operator: Operator,
  ip: string | null,
  now = new Date(),
): Promise<{ id: string; rolledOutVariant: string }> {
  await getDb().$transaction(async (tx) => {
    const experiment = await lockExperiment(tx, input.id);
    if (!experiment) throw notFound("Experiment not found.");
    if (experiment.status !== "running") throw new ApiError("experiment_not_running");
    if (!experiment.variants.some((v) => v.key === input.rollout)) throw new ApiError("experiment_variant_unknown");
    await tx.experiment.update({
      where: { id: experiment.id },
      data: { status: "stopped", stoppedAt: now, rolledOutVariant: input.rollout },
    });
    await recordAudit(
      {
        operatorId: operator.id,
        action: "experiment.stop",
        targetType: "experiment",
        targetId: experiment.id,
        details: { key: experiment.key, surface: experiment.surface, rollout: input.rollout },
        ip,
      },
      tx,
    );
  });
  forgetSurfaceState();
  return { id: input.id, rolledOutVariant: input.rollout };
}
