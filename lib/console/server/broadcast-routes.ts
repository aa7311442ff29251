import "server-only";
import { z } from "zod";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import type { RateRule } from "@/lib/platform/server/security/rate-limit";
import { saveBroadcast } from "@/lib/lifecycle/server/save-broadcast";
import { scheduleBroadcast } from "@/lib/lifecycle/server/schedule-broadcast";
import { cancelBroadcast } from "@/lib/lifecycle/server/cancel-broadcast";
import { countBroadcastAudience } from "@/lib/lifecycle/server/count-broadcast-audience";
import { broadcastSegmentSchema } from "@/lib/lifecycle/shared/broadcast-input";

// The broadcasts console's API (docs/decisions/0049-broadcasts.md). The draft travels as the form
// sent it and is checked by saveBroadcast, as the stored segment is read back by the same schema.

// The preview counts as the operator types; a runaway script is stopped early.
const PREVIEW_RULE: RateRule = { name: "admin-broadcast-preview", limit: 300, windowSeconds: 600 };
const CHANGE_RULE: RateRule = { name: "admin-broadcasts", limit: 60, windowSeconds: 600 };

export const saveBroadcastRoute = operatorRoute({
  action: "broadcasts.manage",
  schema: z.object({ id: z.uuid().nullable(), broadcast: z.record(z.string(), z.unknown()) }).strict(),
  rateLimits: [CHANGE_RULE],
  handle: async (input, context) =>
    noStoreJson({
      id: await saveBroadcast(input.id, input.broadcast, { operatorId: context.operator.id, ip: context.clientIp }),
    }),
});

export const broadcastAudienceRoute = operatorRoute({
  action: "broadcasts.manage",
  schema: z.object({ segment: broadcastSegmentSchema }).strict(),
  rateLimits: [PREVIEW_RULE],
  handle: async (input) => noStoreJson({ count: await countBroadcastAudience(input.segment) }),
});

export const scheduleBroadcastRoute = operatorRoute({
  action: "broadcasts.manage",
  schema: z.object({ id: z.uuid(), at: z.iso.datetime({ offset: true }).nullable() }).strict(),
  rateLimits: [CHANGE_RULE],
  handle: async (input, context) => {
    const at = await scheduleBroadcast(
      input.id,
      { at: input.at },
      { operatorId: context.operator.id, ip: context.clientIp },
    );
    return noStoreJson({ id: input.id, scheduledAt: at.toISOString() });
  },
});

export const cancelBroadcastRoute = operatorRoute({
  action: "broadcasts.manage",
  schema: z.object({ id: z.uuid() }).strict(),
  rateLimits: [CHANGE_RULE],
  handle: async (input, context) =>
    noStoreJson(await cancelBroadcast(input.id, { operatorId: context.operator.id, ip: context.clientIp })),
});
