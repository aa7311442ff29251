import "server-only";
import { z } from "zod";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { assertAllowed, consumeRateLimit } from "@/lib/platform/server/security/rate-limit";
import { editSequenceStep, setSequenceActive } from "@/lib/lifecycle/server/edit-sequence";
import { previewDraft, sendTestEmail } from "@/lib/lifecycle/server/send-test-email";
import { readTestEmail } from "@/lib/lifecycle/server/read-test-email";
import { marketingDraftSchema } from "@/lib/lifecycle/shared/marketing-draft";

// The console's e-mail writing: sequence steps saved and sequences paused by staff, a draft
// previewed by anyone who sees the console, and test sends to the operator's own address, a few a
// minute per operator (each is a real e-mail through the provider).

const EDITS = [{ name: "admin-sequence-edits", limit: 60, windowSeconds: 600 }];
const PREVIEWS = [{ name: "admin-email-previews", limit: 120, windowSeconds: 60 }];
export const TEST_SEND_RULE = { name: "admin-email-test-send", limit: 5, windowSeconds: 60 };

const uuid = z.string().uuid("must be an id");

export const saveStepRoute = operatorRoute({
  action: "email.write",
  schema: z.object({ stepId: uuid, step: z.unknown() }).strict(),
  rateLimits: EDITS,
  handle: async ({ stepId, step }, context) => {
    const version = await editSequenceStep(stepId, step, { operatorId: context.operator.id, ip: context.clientIp });
    return noStoreJson({ stepId, version });
  },
});

export const setActiveRoute = operatorRoute({
  action: "email.write",
  schema: z.object({ sequenceId: uuid, active: z.boolean() }).strict(),
  rateLimits: EDITS,
  handle: async ({ sequenceId, active }, context) => {
    const version = await setSequenceActive(sequenceId, active, {
      operatorId: context.operator.id,
      ip: context.clientIp,
    });
    return noStoreJson({ sequenceId, active, version });
  },
});

export const previewRoute = operatorRoute({
  action: "console.view",
  schema: marketingDraftSchema,
  maxBytes: 64 * 1024,
  rateLimits: PREVIEWS,
  handle: async (draft) => noStoreJson(await previewDraft(draft)),
});

export const testSendRoute = operatorRoute({
  action: "email.write",
  schema: marketingDraftSchema,
  maxBytes: 64 * 1024,
  handle: async (draft, context) => {
    assertAllowed(await consumeRateLimit(TEST_SEND_RULE, `operator:${context.operator.id}`));
    const emailId = await sendTestEmail(draft, context.operator.email);
    return noStoreJson({ emailId, to: context.operator.email });
  },
});

export const testStatusRoute = operatorRoute({
  action: "email.write",
  source: "query",
  schema: z.object({ id: uuid }).strict(),
  handle: async ({ id }, context) => noStoreJson(await readTestEmail(id, context.operator.email)),
});
