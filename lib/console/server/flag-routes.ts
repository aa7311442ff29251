import "server-only";
import { z } from "zod";
import { operatorRoute, type OperatorRouteContext } from "@/lib/operators/server/operator-route";
import { EXCLUSION_KINDS } from "@/lib/shared/excluded-rows";
import { setExclusion, type ExclusionActor } from "./set-exclusion";

// The lead page's and the order page's test/spam flag. Route files only wire these to paths.

const LIMITS = [{ name: "admin-flags", limit: 120, windowSeconds: 600 }];
const NO_STORE = { "Cache-Control": "no-store" };
const excludedAs = z.enum(EXCLUSION_KINDS).nullable();

const actor = (context: OperatorRouteContext): ExclusionActor => ({
  operatorId: context.operator.id,
  ip: context.clientIp,
});

export const leadFlagRoute = operatorRoute({
  action: "records.flag",
  schema: z.strictObject({ id: z.uuid(), excludedAs }),
  rateLimits: LIMITS,
  handle: async (input, context) =>
    Response.json(await setExclusion("lead", input.id, input.excludedAs, actor(context)), { headers: NO_STORE }),
});

export const orderFlagRoute = operatorRoute({
  action: "records.flag",
  schema: z.strictObject({ orderId: z.uuid(), excludedAs }),
  rateLimits: LIMITS,
  handle: async (input, context) =>
    Response.json(await setExclusion("order", input.orderId, input.excludedAs, actor(context)), {
      headers: NO_STORE,
    }),
});
