import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/platform/shared/api-error";
import { audienceMisfit } from "@/lib/experiments/shared/audiences";
import {
  isCatalogSurface,
  METRICS,
  SURFACE_METRICS,
  SURFACE_VARIANTS,
  SURFACES,
  type Surface,
} from "@/lib/experiments/shared/surfaces";
import type { CatalogSubject } from "@/lib/experiments/shared/catalog-subjects";
import { catalogSubjectSchema } from "@/lib/experiments/server/catalog-subject-schema";

// What a draft is made of, for both its creation and its edits.

const experimentKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "The key may use lower-case letters, digits and single hyphens.")
  .max(60, "The key may be at most 60 characters.");

const draftShape = {
  key: experimentKeySchema,
  surface: z.enum(SURFACES),
  variants: z
    .array(z.strictObject({ key: z.string().max(40), weight: z.number().int().min(1).max(1000) }))
    .min(2, "Choose at least two variants.")
    .max(10),
  primaryMetric: z.enum(METRICS),
  /** A price, bump or post-purchase offer test's variants; absent for the code-defined surfaces. */
  subject: catalogSubjectSchema.nullable().optional(),
};

type DraftFields = {
  surface: Surface;
  variants: { key: string }[];
  primaryMetric: (typeof METRICS)[number];
  subject?: CatalogSubject | null | undefined;
};

const OPERATOR_VARIANT_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A catalog test names its own variants: each must have exactly one definition, of the surface's kind. */
function refineSubject(input: DraftFields, keys: readonly string[], ctx: z.RefinementCtx): void {
  const subject = input.subject ?? null;
  if (!isCatalogSurface(input.surface)) {
    if (subject !== null) ctx.addIssue({ code: "custom", path: ["subject"], message: "This surface has no subject." });
    return;
  }
  if (subject === null || subject.kind !== input.surface) {
    ctx.addIssue({ code: "custom", path: ["subject"], message: "Say what each variant changes for this surface." });
    return;
  }
  const bad = keys.find((key) => !OPERATOR_VARIANT_KEY.test(key));
  if (bad !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["variants"],
      message: `“${bad}”: use lower-case letters, digits and hyphens.`,
    });
  }
  const defined = Object.keys(subject.variants);
  if (defined.length !== keys.length || !keys.every((key) => defined.includes(key))) {
    ctx.addIssue({ code: "custom", path: ["subject"], message: "Define each variant once, and nothing else." });
  }
}

function refineDraft(input: DraftFields, ctx: z.RefinementCtx): void {
  const allowed = SURFACE_VARIANTS[input.surface];
  const keys = input.variants.map((v) => v.key);
  refineSubject(input, keys, ctx);
  const foreign = isCatalogSurface(input.surface) ? undefined : keys.find((key) => !allowed.includes(key));
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
}

export const createExperimentSchema = z.strictObject(draftShape).superRefine(refineDraft);
export type CreateExperimentRequest = z.infer<typeof createExperimentSchema>;

export const updateExperimentSchema = z.strictObject({ id: z.uuid(), ...draftShape }).superRefine(refineDraft);
export type UpdateExperimentRequest = z.infer<typeof updateExperimentSchema>;

/** Checked on save and again on start, so a draft saved before the rule cannot run either. */
export function assertFitsAudience(surface: Surface, variants: readonly { key: string }[]): void {
  const misfit = audienceMisfit(
    surface,
    variants.map((v) => v.key),
  );
  if (misfit !== null) throw new ApiError("experiment_audience_mismatch", misfit);
}
