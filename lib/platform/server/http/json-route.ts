import "server-only";
import type { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";
import { describeError } from "@/lib/platform/shared/describe-error";
import { ApiError, errorResponse, unavailable } from "@/lib/platform/shared/api-error";
import { readJsonBody } from "@/lib/platform/shared/read-body";
import { unstorableTextPath } from "@/lib/platform/shared/storable-text";
import { recordOutage } from "@/lib/platform/server/http/outage-report";
import { resolveBrowser } from "@/lib/platform/server/security/browser-cookie";
import { clientIp, UNIDENTIFIED } from "@/lib/platform/server/security/client-ip";
import { currentPeerSecret } from "@/lib/platform/server/security/peer-stamp";
import { isCrossSiteRequest } from "@/lib/platform/shared/origin";
import { consumeRateLimit, type RateRule } from "@/lib/platform/server/security/rate-limit";
import { log } from "@/lib/platform/server/logger";

// The one wrapper for JSON routes (design.md §6): origin check, rate limit, content type, size,
// JSON parse, strict schema, then the handler; every failure mapped to { error: { code, message } }.

export type RouteContext = {
  request: Request;
  clientIp: string;
  /** Random id from the signed httpOnly cookie; minted (and set on the response) when missing. */
  browserId: string;
};

export type JsonRouteOptions<S extends z.ZodType, C extends RouteContext = RouteContext> = {
  schema: S;
  /**
   * Where the input is: the JSON body (default; POST routes), or the query string as an object
   * of strings (GET routes, which have no body). Either way it meets the same strict schema.
   */
  source?: "body" | "query";
  /** Largest accepted body. Default 16 KiB. */
  maxBytes?: number;
  /** Limits keyed by client address, checked before the body is read. */
  rateLimits?: RateRule[];
  /**
   * Who may call the route, checked after the origin check and before the rate limit and the
   * input (so a caller without a session learns 401, not what the schema wants). Returns the
   * context the handler gets, e.g. with the signed-in operator (lib/operators/server/operator-route.ts).
   */
  authorize?: (context: RouteContext) => Promise<C>;
  handle: (input: z.infer<S>, context: C) => Promise<Response>;
  /**
   * What a limiter that cannot reach PostgreSQL means: "closed" (default) refuses the request
   * (503 through onDatabaseDown); "open" lets it through to the schema and the handler, for a
   * route that must answer even during an outage (track-action) and still has to refuse bad input.
   */
  limiterDown?: "closed" | "open";
  /** Answer to give when PostgreSQL is unreachable; default 503. */
  onDatabaseDown?: (context: RouteContext, error: unknown) => Response;
};

/**
 * Schema-authored messages are whole sentences (the spec's wording, ending with a period) or
 * name their field; zod's defaults are neither, so those get the field path in front.
 */
export function formatIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join(".");
  if (!field || issue.message.startsWith(field) || issue.message.endsWith(".")) return issue.message;
  return `${field}: ${issue.message}`;
}

function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  return `${url.protocol}//${host}`;
}

export function jsonRoute<S extends z.ZodType, C extends RouteContext = RouteContext>(
  options: JsonRouteOptions<S, C>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const config = getConfig();
    // Filled in inside the try: reading the cookie and the client address parse client-written
    // headers, and whatever they throw must still end as an error body, not Next's 500.
    const context: RouteContext = { request, clientIp: UNIDENTIFIED, browserId: "" };
    let setCookie: string | null = null;
    let response: Response;
    try {
      const browser = resolveBrowser(request);
      context.browserId = browser.browserId;
      setCookie = browser.setCookie;
      context.clientIp = clientIp(request.headers, config.TRUSTED_PROXY_HOPS, currentPeerSecret());
      if (
        isCrossSiteRequest({
          method: request.method,
          origin: request.headers.get("origin"),
          secFetchSite: request.headers.get("sec-fetch-site"),
          requestOrigin: requestOrigin(request),
          siteOrigin: new URL(config.SITE_URL).origin,
        })
      ) {
        throw new ApiError("cross_site_request");
      }
      const handlerContext = options.authorize ? await options.authorize(context) : context;
      for (const rule of options.rateLimits ?? []) {
        const decision = await consumeRateLimit(rule, context.clientIp).catch((error: unknown) => {
          if (options.limiterDown === "open" && isDatabaseUnavailable(error)) return { allowed: true } as const;
          throw error;
        });
        if (!decision.allowed) {
          throw new ApiError("rate_limited", undefined, {
            "Retry-After": String(decision.retryAfterSeconds),
          });
        }
      }
      const body =
        options.source === "query" ? queryInput(request) : await readJsonBody(request, options.maxBytes ?? 16 * 1024);
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) throw new ApiError("invalid_request", formatIssue(parsed.error.issues[0]!));
      // Without authorize, C is RouteContext itself (its default), so context is the handler's.
      response = await options.handle(parsed.data, handlerContext as C);
    } catch (error) {
      response = toErrorResponse(error, context, options.onDatabaseDown);
    }
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  };
}

/** The query string as { key: value }, refused (400) when it holds text PostgreSQL cannot store. */
function queryInput(request: Request): Record<string, string> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const problem = unstorableTextPath(query);
  if (problem) {
    throw new ApiError("invalid_request", `${problem}: text must not contain NUL characters or unpaired surrogates`);
  }
  return query;
}

function toErrorResponse(
  error: unknown,
  context: RouteContext,
  onDatabaseDown?: (context: RouteContext, error: unknown) => Response,
): Response {
  if (error instanceof ApiError) return errorResponse(error);
  if (isDatabaseUnavailable(error)) {
    if (onDatabaseDown) return onDatabaseDown(context, error);
    recordOutage(new URL(context.request.url).pathname);
    return errorResponse(unavailable());
  }
  // Type and code only: messages of database errors can quote request values (e-mails, names).
  log.error(`[api] ${new URL(context.request.url).pathname} failed: ${describeError(error)}`);
  return errorResponse(new ApiError("internal_error"));
}
