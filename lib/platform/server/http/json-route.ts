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
import { isCrossSiteRequest, requestOriginOf } from "@/lib/platform/shared/origin";
import { assertAllowed, consumeRateLimit, type RateRule } from "@/lib/platform/server/security/rate-limit";
import { log } from "@/lib/platform/server/logger";

// The one wrapper for JSON routes (docs/operations.md#api-routes-what-they-share): every
// failure maps to { error: { code, message } }.

export type RouteContext = {
  request: Request;
  clientIp: string;
  browserId: string;
};

export type JsonRouteOptions<S extends z.ZodType, C extends RouteContext = RouteContext> = {
  schema: S;
  /** GET routes have no body: their query string meets the same strict schema. */
  source?: "body" | "query";
  maxBytes?: number;
  rateLimits?: RateRule[];
  /** Runs before the rate limit and the input, so a caller without a session learns 401, not the schema. */
  authorize?: (context: RouteContext) => Promise<C>;
  handle: (input: z.infer<S>, context: C) => Promise<Response>;
  /** "open" lets requests through a PostgreSQL outage, for routes that must answer (track-action). */
  limiterDown?: "closed" | "open";
  onDatabaseDown?: (context: RouteContext, error: unknown) => Response;
};

/** A route's JSON answer: answers are per caller and per moment, so no cache may keep them. */
export function noStoreJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** zod's default messages are not whole sentences, so those get the field path in front. */
export function formatIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join(".");
  if (!field || issue.message.startsWith(field) || issue.message.endsWith(".")) return issue.message;
  return `${field}: ${issue.message}`;
}

function requestOrigin(request: Request, trustedProxyHops: number): string {
  const url = new URL(request.url);
  return requestOriginOf(request.headers, trustedProxyHops, url.protocol) ?? url.origin;
}

export function jsonRoute<S extends z.ZodType, C extends RouteContext = RouteContext>(
  options: JsonRouteOptions<S, C>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const config = getConfig();
    // Filled in inside the try: parsing client-written headers may throw, and that must still end
    // as an error body, not Next's 500.
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
          requestOrigin: requestOrigin(request, config.TRUSTED_PROXY_HOPS),
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
        assertAllowed(decision);
      }
      const body =
        options.source === "query" ? queryInput(request) : await readJsonBody(request, options.maxBytes ?? 16 * 1024);
      response = await options.handle(parseInput(options.schema, body), handlerContext as C);
    } catch (error) {
      response = toErrorResponse(error, context, options.onDatabaseDown);
    }
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  };
}

/** The input as the schema reads it, or a 400 naming the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError("invalid_request", formatIssue(parsed.error.issues[0]!));
  return parsed.data;
}

export function queryInput(request: Request): Record<string, string> {
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
  // Type and code only: database error messages can quote request values.
  log.error(`[api] ${new URL(context.request.url).pathname} failed: ${describeError(error)}`);
  return errorResponse(new ApiError("internal_error"));
}
