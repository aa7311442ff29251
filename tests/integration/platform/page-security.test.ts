import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { withPageSecurity } from "@/lib/site/server/page-security";

// What proxy.ts gives a page before it renders (lib/site/server/page-security.ts): a page rendered
// per request gets a fresh nonce, in its answer and in the request Next.js renders from; a cached
// page gets none at all, since the cache sends its own policy made of the page's script hashes
// (docs/decisions/0013, tests/integration/scripts/page-cache.test.ts). Whatever policy a client
// sends never reaches the renderer, which would take its nonce.

const FORGED = { "content-security-policy": "script-src 'nonce-forged'" };

function answer(path: string, headers: Record<string, string> = {}, method = "GET") {
  return withPageSecurity(new NextRequest(`http://localhost:3000${path}`, { method, headers }));
}

/** The CSP headers of the request Next.js renders from (NextResponse.next's request override). */
function renderedWith(response: Response): Record<string, string | null> {
  const overridden = (response.headers.get("x-middleware-override-headers") ?? "").split(",");
  expect(overridden).toContain("user-agent");
  return Object.fromEntries(
    ["content-security-policy", "content-security-policy-report-only"].map((name) => [
      name,
      overridden.includes(name) ? response.headers.get(`x-middleware-request-${name}`) : null,
    ]),
  );
}

const nonceOf = (policy: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1];

describe("the page policy proxy.ts sets", () => {
  it("gives a page rendered per request a fresh nonce, the same in its answer and its render", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await answer("/vip-detected", {
        "user-agent": "test",
        ...FORGED,
        "content-security-policy-report-only": "script-src 'nonce-forged'",
      });
      const policy = response.headers.get("content-security-policy");
      const nonce = nonceOf(policy);
      expect(Buffer.from(nonce ?? "", "base64")).toHaveLength(16);
      expect(renderedWith(response)).toEqual({
        "content-security-policy": policy,
        "content-security-policy-report-only": null,
      });
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
  });

  it.each(["/privacy", "/terms", "/"])(
    "gives the cached page %s no nonce and no policy: the cached copy brings its own",
    async (path) => {
      for (const method of ["GET", "HEAD"]) {
        const response = await answer(path, { "user-agent": "test", ...FORGED }, method);
        expect(response.headers.get("content-security-policy"), method).toBeNull();
        expect(renderedWith(response), method).toEqual({
          "content-security-policy": null,
          "content-security-policy-report-only": null,
        });
        expect(response.headers.get("cache-control"), method).toMatch(/^public, s-maxage=/);
      }
    },
  );

  it("gives any other method on a cached page's address a fresh nonce (only GET and HEAD come from the cache)", async () => {
    const response = await answer("/privacy", { "user-agent": "test" }, "POST");
    const policy = response.headers.get("content-security-policy");
    expect(nonceOf(policy)).toBeTruthy();
    expect(renderedWith(response)["content-security-policy"]).toBe(policy);
  });
});
