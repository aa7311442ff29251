import { z } from "zod";
import { stepConditionSchema } from "@/lib/lifecycle/shared/step-condition";
import { unknownMergeFields } from "@/lib/lifecycle/shared/merge-fields";

// What an operator may set on a sequence step; the console's form and its route share it.

const knownFields = (text: string) => unknownMergeFields(text).length === 0;
const UNKNOWN = "uses a merge field that does not exist";

export const stepInputSchema = z
  .object({
    delayHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 365),
    condition: stepConditionSchema.nullable(),
    subject: z.string().trim().min(1).max(200).refine(knownFields, UNKNOWN),
    preheader: z.string().trim().max(200).refine(knownFields, UNKNOWN),
    body: z.string().trim().min(1).max(20_000).refine(knownFields, UNKNOWN),
  })
  .strict();

export type StepInput = z.infer<typeof stepInputSchema>;
