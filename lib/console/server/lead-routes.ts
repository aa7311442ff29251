import "server-only";
import { z } from "zod";
import { operatorRoute, type OperatorRouteContext } from "@/lib/operators/server/operator-route";
import type { LeadActor } from "@/lib/leads/server/lead-actor";
import { addLeadNote } from "@/lib/leads/server/add-lead-note";
import { changeLeadTags } from "@/lib/leads/server/change-lead-tags";
import { resendWelcomeEmail } from "@/lib/leads/server/resend-welcome-email";
import { noteTextSchema, tagSchema } from "@/lib/leads/shared/lead-labels";
import { eraseLead } from "@/lib/privacy/server/erase-lead";

// The lead page's actions. Route files only wire these to paths.

const LIMITS = [{ name: "admin-leads", limit: 120, windowSeconds: 600 }];
const NO_STORE = { "Cache-Control": "no-store" };
const id = z.uuid();

const actor = (context: OperatorRouteContext): LeadActor => ({ operatorId: context.operator.id, ip: context.clientIp });
const json = (body: object) => Response.json(body, { headers: NO_STORE });

export const noteRoute = operatorRoute({
  action: "leads.annotate",
  schema: z.strictObject({ id, text: noteTextSchema }),
  rateLimits: LIMITS,
  handle: async (input, context) => json(await addLeadNote(input.id, input.text, actor(context))),
});

export const tagsRoute = operatorRoute({
  action: "leads.annotate",
  schema: z.union([z.strictObject({ id, add: tagSchema }), z.strictObject({ id, remove: tagSchema })]),
  rateLimits: LIMITS,
  handle: async (input, context) => {
    const change = "add" in input ? { add: input.add } : { remove: input.remove };
    return json(await changeLeadTags(input.id, change, actor(context)));
  },
});

export const resendWelcomeRoute = operatorRoute({
  action: "leads.email",
  schema: z.strictObject({ id }),
  rateLimits: [...LIMITS, { name: "admin-leads-email", limit: 30, windowSeconds: 600 }],
  handle: async (input, context) => json(await resendWelcomeEmail(input.id, actor(context))),
});

export const eraseLeadRoute = operatorRoute({
  action: "privacy.erase",
  schema: z.strictObject({ id, confirmEmail: z.string().trim().min(1).max(320) }),
  rateLimits: LIMITS,
  handle: async (input, context) => json({ erased: await eraseLead(input.id, input.confirmEmail, actor(context)) }),
});
