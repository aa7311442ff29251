import { beforeAll, describe, expect, it } from "vitest";
import ROUTE_METHODS from "@/scripts/lib/route-methods.json";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { adminRequest, signedInOperator, SITE, type SignedInOperator } from "@/tests/support/operator-session";
import { nextPeer, peerHeader } from "@/tests/support/http";
import { discoverAdminApiRoutes, PUBLIC_ADMIN_ROUTES, type FoundRoute } from "@/tests/support/console-routes";

// Every console API — found on disk under app/api/admin/**, so routes added later are
// covered without editing this file — refuses a caller without a session (401), a cross-site
// request even with a session (403), and answers bad input from a signed-in operator with a 4xx
// error body (400 for anything the schema or the JSON parser refuses), never a 5xx.

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Route = FoundRoute;

const routes = discoverAdminApiRoutes().filter((route) => !PUBLIC_ADMIN_ROUTES.has(route.template));
const CALLABLE = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const servedMethods = new Map<string, string[]>();
const served = (route: Route): string[] => servedMethods.get(route.file) ?? [];

/**
 * The methods a route serves: its row in route-methods.json, or — for dynamic routes ("[id]"),
 * which the table leaves out — every exported method that does not answer 405.
 */
async function findServed(route: Route): Promise<string[]> {
  const listed = (ROUTE_METHODS as Record<string, readonly string[]>)[route.template];
  if (listed) return listed.filter((method) => method !== "HEAD");
  const methods: string[] = [];
  for (const method of CALLABLE) {
    if (!modules.get(route.file)?.[method]) continue;
    const probe = await call(route, method, adminRequest(route.url, { method, body: {} }));
    if (probe.status !== 405) methods.push(method);
  }
  return methods;
}

const EVIL = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
const HUGE = "x".repeat(100_000);

type BadInput = { label: string; raw?: string; contentType?: string; query?: string; expect: readonly number[] };

const BODY_CASES: BadInput[] = [
  { label: "not JSON", raw: "{", expect: [400] },
  { label: "an array", raw: "[]", expect: [400] },
  { label: "null", raw: "null", expect: [400] },
  { label: "a number", raw: "1e999", expect: [400] },
  { label: "a string", raw: '"x"', expect: [400] },
  { label: "unknown fields", raw: JSON.stringify({ __fuzzUnknown: 1, isAdmin: true }), expect: [400] },
  { label: "NUL in a value", raw: '{"email":"a\\u0000@example.com","name":"\\u0000"}', expect: [400] },
  { label: "unpaired surrogate", raw: '{"id":"\\ud800"}', expect: [400] },
  {
    label: "wrong types",
    raw: JSON.stringify({ email: 5, name: [], id: {}, cursor: true, limit: "many", action: 1, operatorId: null }),
    expect: [400],
  },
  {
    label: "long strings",
    raw: JSON.stringify({ email: `${"x".repeat(5_000)}@example.com`, name: "x".repeat(5_000), id: "x".repeat(5_000) }),
    expect: [400],
  },
  { label: "a huge body", raw: JSON.stringify({ name: HUGE }), expect: [400, 413] },
  { label: "deep nesting", raw: `${"[".repeat(5_000)}${"]".repeat(5_000)}`, expect: [400] },
  { label: "text/plain", raw: "{}", contentType: "text/plain", expect: [400, 415] },
];
const QUERY_CASES: BadInput[] = [
  { label: "unknown parameter", query: "?__fuzzUnknown=1", expect: [400] },
  { label: "NUL in a parameter", query: "?action=%00&cursor=%00", expect: [400] },
  { label: "unpaired surrogate", query: "?operator=%ED%A0%80", expect: [400] },
  { label: "huge parameter", query: `?cursor=${HUGE}`, expect: [400] },
  { label: "wrong types", query: "?limit=many&cursor=not-a-cursor&before=yesterday", expect: [400] },
];

let operator: SignedInOperator;
const modules = new Map<string, RouteModule>();

beforeAll(async () => {
  operator = await signedInOperator();
  for (const route of routes) {
    modules.set(route.file, (await import(route.file)) as RouteModule);
    servedMethods.set(route.file, await findServed(route));
  }
});

function call(route: Route, method: string, request: Request): Promise<Response> {
  const handler = modules.get(route.file)?.[method];
  if (!handler) throw new Error(`${route.template} does not export ${method}`);
  return handler(request, { params: Promise.resolve(route.params) });
}

function withBody(route: Route, method: string, input: BadInput, headers: Record<string, string>): Request {
  const query = input.query ?? "";
  return new Request(`${SITE}${route.url}${query}`, {
    method,
    headers: {
      origin: SITE,
      ...peerHeader(nextPeer()),
      cookie: operator.cookie,
      ...(BODY_METHODS.has(method) ? { "content-type": input.contentType ?? "application/json" } : {}),
      ...headers,
    },
    body: BODY_METHODS.has(method) ? (input.raw ?? "{}") : undefined,
  });
}

async function expectErrorBody(response: Response): Promise<void> {
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code).toBe("string");
  expect(typeof body.error?.message).toBe("string");
}

describe("console API fuzz", () => {
  it("finds the console's routes on disk, each serving a method", () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(served(route), route.template).not.toHaveLength(0);
  });

  describe.each(routes.map((route) => [route.template, route] as const))("%s", (_template, route) => {
    it("401 without a session (and with a forged cookie), 403 cross-site even with a session", async () => {
      for (const method of served(route)) {
        // A GET carries no body (the Request constructor refuses one); its input is the query.
        const body = BODY_METHODS.has(method) ? {} : undefined;
        const noSession = await call(route, method, adminRequest(route.url, { method, body }));
        expect(noSession.status, `${method} without a session`).toBe(401);
        await expectErrorBody(noSession);
        const forged = await call(
          route,
          method,
          adminRequest(route.url, { method, body, cookie: "ff-admin.session_token=forged.value" }),
        );
        expect(forged.status, `${method} with a forged cookie`).toBe(401);
        for (const cookie of [undefined, operator.cookie]) {
          const crossSite = await call(route, method, adminRequest(route.url, { method, body, cookie, headers: EVIL }));
          expect(crossSite.status, `${method} cross-site${cookie ? " with a session" : ""}`).toBe(403);
          await expectErrorBody(crossSite);
        }
      }
    });

    it("bad input from a signed-in operator → 4xx with an error body, never 5xx", async () => {
      for (const method of served(route)) {
        const cases = BODY_METHODS.has(method) ? BODY_CASES : QUERY_CASES;
        for (const input of cases) {
          const response = await call(route, method, withBody(route, method, input, {}));
          expect(input.expect, `${method} ${route.url} with ${input.label}: ${response.status}`).toContain(
            response.status,
          );
          await expectErrorBody(response);
        }
      }
    });
  });

  it("better-auth's own sign-in refuses a cross-site request (403)", async () => {
    const response = await authPost(
      new Request(`${SITE}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", ...peerHeader(nextPeer()), ...EVIL },
        body: JSON.stringify({ email: operator.email, password: "correct horse battery staple" }),
      }),
    );
    expect(response.status).toBe(403);
  });
});
