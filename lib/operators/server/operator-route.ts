import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/platform/shared/api-error";
import { jsonRoute, type JsonRouteOptions, type RouteContext } from "@/lib/platform/server/http/json-route";
import { operatorFromHeaders, type Operator } from "@/lib/operators/server/require-operator";

// The one wrapper for the console's APIs (issue 12): jsonRoute's origin check, limits, parsing and
// error mapping, plus the operator's session read from PostgreSQL before anything else is looked
// at. Order of refusals: 403 cross-site, 401 without a session, 429, then 400 for bad input.

export type OperatorRouteContext = RouteContext & { operator: Operator };

type OperatorRouteOptions<S extends z.ZodType> = Omit<JsonRouteOptions<S, OperatorRouteContext>, "authorize">;

export function operatorRoute<S extends z.ZodType>(
  options: OperatorRouteOptions<S>,
): (request: Request) => Promise<Response> {
  return jsonRoute<S, OperatorRouteContext>({
    ...options,
    // Next answers HEAD with a route's GET; for the console that would record an export (and
    // run its queries) with nothing sent. HEAD is checked like GET and then answered empty.
    handle: (input, context) =>
      context.request.method === "HEAD"
        ? Promise.resolve(new Response(null, { headers: { "Cache-Control": "no-store" } }))
        : options.handle(input, context),
    authorize: async (context) => {
      // A GET (an export, a report) is not refused by the origin check; a page on another site
      // must still not make a signed-in operator's browser fetch personal data.
      if (context.request.headers.get("sec-fetch-site") === "cross-site") throw new ApiError("cross_site_request");
      const operator = await operatorFromHeaders(context.request.headers);
      if (!operator) throw new ApiError("unauthorized");
      return { ...context, operator };
    },
  });
}
