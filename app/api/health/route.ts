// GET /api/health — liveness plus a database round trip, for operators and load balancers.
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.db === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
