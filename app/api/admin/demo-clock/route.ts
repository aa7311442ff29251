// POST /api/admin/demo-clock — demo mode only: an owner moves the demo clock on and what fell due is billed.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { advanceDemoTime, advanceDemoTimeSchema } from "@/lib/payments/server/advance-demo-time";

export const POST = operatorRoute({
  action: "demo.clock",
  schema: advanceDemoTimeSchema,
  rateLimits: [{ name: "admin-demo-clock", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) =>
    noStoreJson(
      await advanceDemoTime(input.days, { operatorId: context.operator.id, ip: context.clientIp, via: "console" }),
    ),
});
