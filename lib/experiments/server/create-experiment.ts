import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { Operator } from "@/lib/operators/server/require-operator";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { METRICS, SURFACE_METRICS, SURFACE_VARIANTS, SURFACES } from "@/lib/experiments/shared/surfaces";

// Saved as a draft: nothing changes for visitors until it is started.

export const experimentKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "The key may use lower-case letters, digits and single hyphens.")
  .max(60, "The key may be at most 60 characters.");

export const createExperimentSchema = z
  .strictObject({
    key: experimentKeySchema,
    surface: z.enum(SURFACES),
    variants: z
      .array(z.strictObject({ key: z.string().max(40), weight: z.number().int().min(1).max(1000) }))
      .min(2, "Choose at least two variants.")
      .max(10),
    primaryMetric: z.enum(METRICS),
  })
  .superRefine((input, ctx) => {
    const allowed = SURFACE_VARIANTS[input.surface];
    const keys = input.variants.map((v) => v.key);
    const foreign = keys.find((key) => !allowed.includes(key));
    if (foreign !== undefined) {
      ctx.addIssue({ code: "custom", path: ["variants"], message: `“${foreign}” is not a variant of this surface.` });
    } else if (new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: "custom", path: ["variants"], message: "Each variant may be chosen once." });
    }
    if (!SURFACE_METRICS[input.surface].includes(input.primaryMetric)) {
      ctx.addIssue({
        code: "custom",
        path: ["primaryMetric"],
        message: "This primary metric does not apply to this surface.",
      });
    }
  });
export type CreateExperimentRequest = z.infer<typeof createExperimentSchema>;

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

export async function createExperiment(
  input: CreateExperimentRequest,
  operator: Operator,
  ip: string | null,
): Promise<{ id: string }> {
  try {
    return await getDb().$transaction(async (tx) => {
      const created = await tx.experiment.create({
        data: {
          key: input.key,
          surface: input.surface,
          variants: input.variants,
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
          details: { key: input.key, surface: input.surface, variants: input.variants, metric: input.primaryMetric },
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
