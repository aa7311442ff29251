import { beforeAll, describe, expect, it, vi } from "vitest";
import ROUTE_METHODS from "@/scripts/lib/route-methods.json";
import {
  can,
  needsFreshSignIn,
  OPERATOR_ROLES,
  type ConsoleAction,
  type OperatorRole,
} from "@/lib/operators/shared/permissions";
import {
  discoverAdminApiRoutes,
  discoverConsolePages,
  PUBLIC_ADMIN_ROUTES,
  type FoundRoute,
} from "@/tests/support/console-routes";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";

// Every console API and page, found on disk, asked by each role, by an owner whose sign-in is
// stale, and by nobody: each answer must be the permission table's. A route added later is walked
// too, and fails here until this file says which action it is.

const EXPECTED_API: Record<string, ConsoleAction> = {
  "/api/admin/broadcasts": "broadcasts.manage",
  "/api/admin/broadcasts/audience": "broadcasts.manage",
  "/api/admin/broadcasts/cancel": "broadcasts.manage",
  "/api/admin/broadcasts/schedule": "broadcasts.manage",
  "/api/admin/catalog/bumps": "catalog.publish",
  "/api/admin/catalog/coupons": "coupons.manage",
  "/api/admin/catalog/coupons/deactivate": "coupons.manage",
  "/api/admin/catalog/offers": "catalog.publish",
  "/api/admin/catalog/prices": "catalog.publish",
  "/api/admin/email-composer/preview": "console.view",
  "/api/admin/email-composer/test-send": "email.write",
  "/api/admin/experiments": "experiments.manage",
  "/api/admin/experiments/delete": "experiments.manage",
  "/api/admin/experiments/start": "experiments.manage",
  "/api/admin/experiments/stop": "experiments.manage",
  "/api/admin/experiments/update": "experiments.manage",
  "/api/admin/leads/erase": "privacy.erase",
  "/api/admin/leads/export": "leads.export",
  "/api/admin/leads/flag": "records.flag",
  "/api/admin/leads/note": "leads.annotate",
  "/api/admin/leads/resend-welcome": "leads.email",
  "/api/admin/leads/tags": "leads.annotate",
  "/api/admin/operators": "operators.manage",
  "/api/admin/operators/remove": "operators.manage",
  "/api/admin/operators/role": "operators.manage",
  "/api/admin/operators/setup-link": "operators.manage",
  "/api/admin/demo-clock": "demo.clock",
  "/api/admin/orders/cancel-subscription": "orders.cancel",
  "/api/admin/orders/export": "leads.export",
  "/api/admin/orders/flag": "records.flag",
  "/api/admin/orders/refund": "orders.refund",
  "/api/admin/orders/seats": "orders.seats",
  "/api/admin/settings/time-zone": "settings.own",
  "/api/admin/privacy/apply": "privacy.handle",
  "/api/admin/privacy/complete": "privacy.handle",
  "/api/admin/privacy/erase": "privacy.erase",
  "/api/admin/privacy/export": "privacy.export",
  "/api/admin/sequences/active": "email.write",
  "/api/admin/sequences/steps": "email.write",
};

const EXPECTED_PAGES: Record<string, ConsoleAction> = {
  "/admin/layout.tsx": "console.view",
  "/admin/page.tsx": "console.view",
  "/admin/audit/page.tsx": "console.view",
  "/admin/catalog/page.tsx": "console.view",
  "/admin/email/page.tsx": "console.view",
  "/admin/email/broadcasts/page.tsx": "console.view",
  "/admin/email/sequences/page.tsx": "console.view",
  "/admin/email/sequences/steps/[id]/page.tsx": "console.view",
  "/admin/experiments/page.tsx": "console.view",
  "/admin/experiments/[id]/page.tsx": "console.view",
  "/admin/leads/page.tsx": "console.view",
  "/admin/leads/[id]/page.tsx": "console.view",
  "/admin/operators/page.tsx": "console.view",
  // Every role manages its own sign-in factors there, enrolled or not.
  "/admin/operators/security/page.tsx": "console.view",
  "/admin/orders/page.tsx": "console.view",
  "/admin/orders/[id]/page.tsx": "console.view",
  "/admin/privacy/page.tsx": "console.view",
  "/admin/privacy/[id]/page.tsx": "console.view",
  "/admin/subscriptions/page.tsx": "console.view",
};

// Pages read the request's cookies through next/headers; here each call names its caller.
const pageHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({ headers: () => Promise.resolve(pageHeaders.current) }));

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Caller = OperatorRole | "stale owner" | "nobody";

const apiRoutes = discoverAdminApiRoutes().filter((route) => !PUBLIC_ADMIN_ROUTES.has(route.template));
const pages = discoverConsolePages();
const pageKey = (page: FoundRoute) => `${page.template}/${page.file.endsWith("layout.tsx") ? "layout" : "page"}.tsx`;

const operators = new Map<Caller, SignedInOperator | null>([["nobody", null]]);

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator({ role }));
  operators.set("stale owner", await signedInOperator({ stale: true }));
});

const cookieOf = (caller: Caller) => operators.get(caller)?.cookie;

/** What the table says a caller gets: allowed, or the refusal's status and code. */
function expectedFor(caller: Caller, action: ConsoleAction): { status: number; code: string } | "allowed" {
  if (caller === "nobody") return { status: 401, code: "unauthorized" };
  if (caller === "stale owner") {
    return needsFreshSignIn(action) ? { status: 403, code: "reauthentication_required" } : "allowed";
  }
  if (!can(caller, action)) return { status: 403, code: "forbidden" };
  return "allowed";
}

const CALLERS: Caller[] = [...OPERATOR_ROLES, "stale owner", "nobody"];

/** GET routes whose query is all optional filters, so an empty one is answered, not refused. */
const EMPTY_QUERY_ANSWERS = new Set(["/api/admin/orders/export"]);

describe("every console API answers each caller as the permission table says", () => {
  it("names an action for every route on disk", () => {
    expect(apiRoutes.map((route) => route.template).sort()).toEqual(Object.keys(EXPECTED_API).sort());
  });

  for (const route of apiRoutes) {
    const action = EXPECTED_API[route.template];
    const methods = (ROUTE_METHODS as Record<string, readonly string[]>)[route.template] ?? [];
    for (const method of methods) {
      it.each(CALLERS)(`${method} ${route.template} as %s`, async (caller) => {
        expect(action, `${route.template} is missing from EXPECTED_API`).toBeDefined();
        const routeModule = (await import(route.file)) as Record<string, Handler | undefined>;
        const handler = routeModule[method]!;
        // An empty body or query: once the caller is let through, the schema answers 400.
        const request = adminRequest(route.url, {
          method,
          ...(method === "GET" ? {} : { body: {} }),
          cookie: cookieOf(caller),
        });
        const response = await handler(request, { params: Promise.resolve(route.params) });
        const expected = expectedFor(caller, action!);
        if (expected === "allowed" && EMPTY_QUERY_ANSWERS.has(route.template)) {
          // Every filter is optional: an empty query is the whole default view.
          expect(response.status, `${caller} must get past the checks`).toBe(200);
          await response.text();
        } else if (expected === "allowed") {
          expect(response.status, `${caller} must get past the checks`).toBe(400);
          expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
        } else {
          expect(response.status).toBe(expected.status);
          expect(((await response.json()) as { error: { code: string } }).error.code).toBe(expected.code);
        }
      });
    }
  }
});

type PageModule = { default: (props: Record<string, unknown>) => Promise<unknown> };

/** How a page ended: rendered (or not-found past the checks), or redirected where. */
async function visit(page: FoundRoute, caller: Caller): Promise<string> {
  const cookie = cookieOf(caller);
  pageHeaders.current = new Headers(cookie ? { cookie } : {});
  const pageModule = (await import(page.file)) as PageModule;
  try {
    await pageModule.default({
      params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }),
      searchParams: Promise.resolve({}),
      children: null,
    });
    return "rendered";
  } catch (error) {
    const digest = typeof error === "object" && error !== null && "digest" in error ? String(error.digest) : "";
    if (digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return "rendered";
    const redirect = /^NEXT_REDIRECT;[a-z]+;([^;]+);/.exec(digest);
    if (redirect) return `redirect ${redirect[1]}`;
    throw error;
  }
}

describe("every console page lets in each caller the permission table allows", () => {
  it("names an action for every page and layout on disk", () => {
    expect(pages.map(pageKey).sort()).toEqual(Object.keys(EXPECTED_PAGES).sort());
  });

  for (const page of pages) {
    it.each(CALLERS)(`${pageKey(page)} as %s`, async (caller) => {
      const action = EXPECTED_PAGES[pageKey(page)];
      expect(action, `${pageKey(page)} is missing from EXPECTED_PAGES`).toBeDefined();
      const outcome = await visit(page, caller);
      if (caller === "nobody") expect(outcome).toBe("redirect /admin/sign-in");
      else if (caller === "stale owner" || can(caller, action!)) expect(outcome).toBe("rendered");
      else expect(outcome).toBe("redirect /admin?refused=1");
    });
  }
});
