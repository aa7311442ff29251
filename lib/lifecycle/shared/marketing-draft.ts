import { z } from "zod";
import { MERGE_FIELDS, unknownMergeFields } from "@/lib/lifecycle/shared/merge-fields";

// A marketing e-mail as an operator writes it (a sequence step now, a broadcast later): what the
// composer previews and test-sends. A field that does not exist is refused with its name.

export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS);

/** A readable refusal of the unknown merge fields in `text`, or null when every field exists. */
export function mergeFieldProblem(text: string): string | null {
  const unknown = unknownMergeFields(text);
  if (unknown.length === 0) return null;
  const named = unknown.map((name) => `{{${name}}}`).join(", ");
  const noun = unknown.length === 1 ? "is not a merge field" : "are not merge fields";
  return `${named} ${noun}. Use one of: ${MERGE_FIELD_NAMES.join(", ")}.`;
}

/** A zod check naming the unknown merge fields in a text field. */
export const withKnownFields = (label: string) => (text: string, ctx: z.RefinementCtx) => {
  const problem = mergeFieldProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: `${label}: ${problem}` });
};

export const marketingDraftSchema = z
  .object({
    subject: z.string().trim().min(1, "Subject: write a subject.").max(200).superRefine(withKnownFields("Subject")),
    preheader: z.string().trim().max(200).superRefine(withKnownFields("Preheader")),
    markdown: z.string().trim().min(1, "Body: write the e-mail.").max(20_000).superRefine(withKnownFields("Body")),
  })
  .strict();

export type MarketingDraftInput = z.infer<typeof marketingDraftSchema>;

/** The lead a preview and a test send are merged with: no last name, so its fallback shows. */
export const SAMPLE_LEAD = { first_name: "Alex", last_name: "", full_name: "Alex" } as const;

/** The subject line of a test send, so nobody mistakes it for the real e-mail. */
export const testSubject = (subject: string) => `[Test] ${subject}`;
