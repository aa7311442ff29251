import { refusal } from "@/scripts/lib/front-methods.mjs";

type Handler = (
  request: Request,
  context?: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response> | Response;

/**
 * `request` answered as the server answers it: the HTTP front's own answer for a method the route
 * does not serve, else the route module's handler (HEAD runs GET, as in Next.js).
 */
export async function answerRoute(
  module: Record<string, unknown>,
  request: Request,
  params: Record<string, string | string[]> = {},
): Promise<Response> {
  const url = new URL(request.url);
  const own = refusal(request.method, url.pathname + url.search);
  if (own) return new Response(own.body === "" ? null : own.body, { status: own.status, headers: own.headers });
  const handler = (module[request.method] ?? (request.method === "HEAD" ? module.GET : undefined)) as
    Handler | undefined;
  if (!handler) throw new Error(`${url.pathname} serves no ${request.method}`);
  return handler(request, { params: Promise.resolve(params) });
}
