import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/platform/shared/api-error";
import { jsonRoute, type JsonRouteOptions, type RouteContext } from "@/lib/platform/server/http/json-route";
import { authorizeAction, operatorFromHeaders, type Operator } from "@/lib/operators/server/require-operator";
import type { ConsoleAction } from "@/lib/operators/shared/permissions";

// Refusals in order: 403 cross-site, 401 without a session, 403 for the role or a stale sign-in,
// 429, then 400.

export type OperatorRouteContext = RouteContext & { operator: Operator };

type OperatorRouteOptions<S extends z.ZodType> = Omit<JsonRouteOptions<S, OperatorRouteContext>, "authorize"> & {
  /** Required: a console API without a declared action does not compile. */
  action: ConsoleAction;
};

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
      authorizeAction(operator, options.action);
      return { ...context, operator };
    },
  });
}
