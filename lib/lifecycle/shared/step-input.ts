import { z } from "zod";
import { stepConditionSchema } from "@/lib/lifecycle/shared/step-condition";
import { withKnownFields } from "@/lib/lifecycle/shared/marketing-draft";

// What an operator may set on a sequence step; the console's form and its route share it.

export const stepInputSchema = z
  .object({
    delayHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 365),
    condition: stepConditionSchema.nullable(),
    subject: z.string().trim().min(1).max(200).superRefine(withKnownFields("Subject")),
    preheader: z.string().trim().max(200).superRefine(withKnownFields("Preheader")),
    body: z.string().trim().min(1).max(20_000).superRefine(withKnownFields("Body")),
  })
  .strict();

export type StepInput = z.infer<typeof stepInputSchema>;
