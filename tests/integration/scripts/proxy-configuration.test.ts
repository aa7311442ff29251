import { afterEach, describe, expect, it } from "vitest";
import { productionBuildReady, startBuiltServer, type BuiltServer } from "@/tests/support/built-server";

// The production build with a public SITE_URL refuses, with a 503 and the error body, requests that
// show TRUSTED_PROXY_HOPS does not match what forwards to it: a forwarded request while it is
// unset, too few forwarded hops while it is set. Needs the production build (as http-front.test.ts).

const built = productionBuildReady("the production build for the proxy configuration tests");

let server: BuiltServer | undefined;
afterEach(() => {
  server?.child.kill("SIGTERM");
  server = undefined;
});

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${server!.port}${path}`, { headers });
}

async function expectRefused(answer: Response): Promise<void> {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await answer.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("service_unavailable");
  expect(body.error.message).toContain("proxy configuration");
}

describe.runIf(built)("a public production server checks TRUSTED_PROXY_HOPS against its requests", () => {
  it("without TRUSTED_PROXY_HOPS: direct requests are served, forwarded ones refused", async () => {
    server = await startBuiltServer(() => ({ SITE_URL: "https://proxied.example" }));
    expect((await get("/api/products")).status).toBe(200);
    await expectRefused(await get("/api/products", { "x-forwarded-for": "203.0.113.9" }));
    await expectRefused(await get("/", { "x-forwarded-for": "203.0.113.9" }));
  });

  it("with TRUSTED_PROXY_HOPS=2: requests with two forwarded hops are served, fewer refused, probes pass", async () => {
    server = await startBuiltServer(() => ({ SITE_URL: "https://proxied.example", TRUSTED_PROXY_HOPS: "2" }));
    expect((await get("/api/products", { "x-forwarded-for": "203.0.113.9, 10.0.0.2" })).status).toBe(200);
    await expectRefused(await get("/api/products", { "x-forwarded-for": "203.0.113.9" }));
    await expectRefused(await get("/api/products"));
    expect((await get("/api/health")).status).toBe(200);
  });

  it("a local SITE_URL is not checked", async () => {
    server = await startBuiltServer((port) => ({ SITE_URL: `http://localhost:${port}` }));
    expect((await get("/api/products", { "x-forwarded-for": "203.0.113.9" })).status).toBe(200);
  });
});
