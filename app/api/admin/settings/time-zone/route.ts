// POST /api/admin/settings/time-zone — the signed-in operator's own console time zone (null: the default).
import { z } from "zod";
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { setOperatorTimeZone } from "@/lib/operators/server/set-time-zone";
import { isTimeZone } from "@/lib/shared/zoned-time";

export const POST = operatorRoute({
  action: "settings.own",
  schema: z.strictObject({
    timeZone: z.string().refine(isTimeZone, { message: "must be an IANA time zone" }).nullable(),
  }),
  rateLimits: [{ name: "admin-settings", limit: 30, windowSeconds: 600 }],
  handle: async (input, context) =>
    noStoreJson(await setOperatorTimeZone(context.operator.id, input.timeZone, context.clientIp)),
});
