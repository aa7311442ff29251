import "server-only";
import { z } from "zod";
import { operatorRoute, type OperatorRouteContext } from "@/lib/operators/server/operator-route";
import type { ConsoleAction } from "@/lib/operators/shared/permissions";
import { completeRequest } from "@/lib/privacy/server/complete-request";
import { applyRequestFlags, eraseForRequest, exportForRequest, type Actor } from "@/lib/privacy/server/request-actions";

// Route files only wire these to paths.

export const requestIdSchema = z.strictObject({ id: z.uuid() });
type RequestIdInput = z.infer<typeof requestIdSchema>;

const LIMITS = [{ name: "admin-privacy", limit: 120, windowSeconds: 600 }];
const NO_STORE = { "Cache-Control": "no-store" };

const actor = (context: OperatorRouteContext): Actor => ({ operatorId: context.operator.id, ip: context.clientIp });

function post(
  action: ConsoleAction,
  handle: (input: RequestIdInput, context: OperatorRouteContext) => Promise<object>,
) {
  return operatorRoute({
    action,
    schema: requestIdSchema,
    rateLimits: LIMITS,
    handle: async (input, context) => Response.json(await handle(input, context), { headers: NO_STORE }),
  });
}

export const exportRoute = operatorRoute({
  action: "privacy.export",
  schema: requestIdSchema,
  source: "query",
  rateLimits: LIMITS,
  handle: async (input, context) => {
    const { filename, json } = await exportForRequest(input.id, actor(context));
    return new Response(json, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        ...NO_STORE,
      },
    });
  },
});

export const eraseRoute = post("privacy.erase", async (input, context) => ({
  erased: await eraseForRequest(input.id, actor(context)),
}));
export const applyRoute = post("privacy.handle", (input, context) => applyRequestFlags(input.id, actor(context)));
export const completeRoute = post("privacy.handle", (input, context) => completeRequest(input.id, actor(context)));
