import "server-only";
import { z } from "zod";
import type { Experiment } from "@/lib/generated/prisma/client";
import { METRICS, SURFACES, type Metric, type Surface, type VariantWeight } from "@/lib/experiments/shared/surfaces";
import type { CatalogSubject } from "@/lib/experiments/shared/catalog-subjects";
import { catalogSubjectSchema } from "@/lib/experiments/server/catalog-subject-schema";

// A row that fails the check is a bug in whoever wrote it, not a visitor's input.

export const EXPERIMENT_STATUSES = ["draft", "running", "stopped"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

const variantsSchema = z.array(z.strictObject({ key: z.string().min(1), weight: z.number().int().positive() })).min(2);

export type ExperimentRecord = {
  id: string;
  key: string;
  surface: Surface;
  variants: VariantWeight[];
  subject: CatalogSubject | null;
  primaryMetric: Metric;
  status: ExperimentStatus;
  startedAt: Date | null;
  stoppedAt: Date | null;
  rolledOutVariant: string | null;
  createdAt: Date;
};

export function toExperimentRecord(row: Experiment): ExperimentRecord {
  return {
    id: row.id,
    key: row.key,
    surface: z.enum(SURFACES).parse(row.surface),
    variants: variantsSchema.parse(row.variants),
    subject: row.subject === null ? null : catalogSubjectSchema.parse(row.subject),
    primaryMetric: z.enum(METRICS).parse(row.primaryMetric),
    status: z.enum(EXPERIMENT_STATUSES).parse(row.status),
    startedAt: row.startedAt,
    stoppedAt: row.stoppedAt,
    rolledOutVariant: row.rolledOutVariant,
    createdAt: row.createdAt,
  };
}
