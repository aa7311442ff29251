// GET /api/health — liveness plus a database round trip, for operators and load balancers.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { checkHealth } from "@/lib/platform/server/health";
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from "@/lib/platform/shared/error-codes";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const health = await checkHealth();
  if (health.db === "ok") return noStoreJson(health);
  return Response.json(health, {
    status: 503,
    headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_UNAVAILABLE_SECONDS) },
  });
}
