// POST /api/admin/demo-clock — demo mode only: an owner moves the demo clock on and what fell due is billed and dunned.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { advanceDemoTimeSchema } from "@/lib/payments/server/advance-demo-time";
import { advanceDemoBilling } from "@/lib/billing/server/advance-demo-billing";

export const POST = operatorRoute({
  action: "demo.clock",
  schema: advanceDemoTimeSchema,
  rateLimits: [{ name: "admin-demo-clock", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) =>
    noStoreJson(
      await advanceDemoBilling(input.days, { operatorId: context.operator.id, ip: context.clientIp, via: "console" }),
    ),
});
