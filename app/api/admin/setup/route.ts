// POST /api/admin/setup — an operator sets their password with the one-time link from operator:create.
import { jsonRoute } from "@/lib/platform/server/http/json-route";
import { handleSetup, setupSchema } from "@/lib/console/server/setup-route";

export const POST = jsonRoute({
  schema: setupSchema,
  rateLimits: [{ name: "admin-setup", limit: 10, windowSeconds: 600 }],
  handle: handleSetup,
});
