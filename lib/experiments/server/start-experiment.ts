import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { Operator } from "@/lib/operators/server/require-operator";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { isExclusionViolation } from "@/lib/platform/shared/db-errors";
import { lockExperiment } from "@/lib/experiments/server/experiment-lock";
import { assertFitsAudience } from "@/lib/experiments/server/experiment-draft-schema";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";

// One experiment runs per surface. Two starts at once both pass the check below; the exclusion
// constraint (SQLSTATE 23P01) refuses the second with the same 409.

export const startExperimentSchema = z.strictObject({ id: z.uuid() });

export async function startExperiment(
  input: z.infer<typeof startExperimentSchema>,
  operator: Operator,
  ip: string | null,
  now = new Date(),
): Promise<{ id: string; startedAt: string }> {
  try {
    await getDb().$transaction(async (tx) => {
      const experiment = await lockExperiment(tx, input.id);
      if (!experiment) throw notFound("Experiment not found.");
      if (experiment.status !== "draft") throw new ApiError("experiment_not_draft");
      assertFitsAudience(experiment.surface, experiment.variants);
      const running = await tx.experiment.findFirst({
        where: { surface: experiment.surface, status: "running" },
        select: { key: true },
      });
      if (running) {
        throw new ApiError(
          "experiment_surface_busy",
          `“${running.key}” is already running on this surface. Stop it before starting this one.`,
        );
      }
      await tx.experiment.update({ where: { id: experiment.id }, data: { status: "running", startedAt: now } });
      await recordAudit(
        {
          operatorId: operator.id,
          action: "experiment.start",
          targetType: "experiment",
          targetId: experiment.id,
          details: { key: experiment.key, surface: experiment.surface },
          ip,
        },
        tx,
      );
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new ApiError("experiment_surface_busy");
    throw error;
  }
  // This instance sees the change at once; others within SURFACE_STATE_CACHE_MS.
  forgetSurfaceState();
  return { id: input.id, startedAt: now.toISOString() };
}
