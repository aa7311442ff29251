import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/platform/shared/api-error";
import { jsonRoute, type JsonRouteOptions, type RouteContext } from "@/lib/platform/server/http/json-route";
import { operatorFromHeaders, type Operator } from "@/lib/operators/server/require-operator";

// Refusals in order: 403 cross-site, 401 without a session, 429, then 400.

export type OperatorRouteContext = RouteContext & { operator: Operator };

type OperatorRouteOptions<S extends z.ZodType> = Omit<JsonRouteOptions<S, OperatorRouteContext>, "authorize">;

export function operatorRoute<S extends z.ZodType>(
  options: OperatorRouteOptions<S>,
): (request: Request) => Promise<Response> {
  return jsonRoute<S, OperatorRouteContext>({
    ...options,
    // Next answers HEAD with GET, which would record an export with nothing sent.
    handle: (input, context) =>
      context.request.method === "HEAD"
        ? Promise.resolve(new Response(null, { headers: { "Cache-Control": "no-store" } }))
        : options.handle(input, context),
    authorize: async (context) => {
      // A page on another site must not make an operator's browser fetch personal data.
      if (context.request.headers.get("sec-fetch-site") === "cross-site") throw new ApiError("cross_site_request");
      const operator = await operatorFromHeaders(context.request.headers);
      if (!operator) throw new ApiError("unauthorized");
      return { ...context, operator };
    },
  });
}
