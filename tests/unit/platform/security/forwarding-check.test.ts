import { afterEach, describe, expect, it, vi } from "vitest";
import { forwardingProblem } from "@/lib/platform/server/security/forwarding-check";

// A public production site refuses, with a 503 and one logged configuration error, requests that
// show TRUSTED_PROXY_HOPS does not match what forwards to it.

async function load(env: Record<string, string>) {
  vi.resetModules();
  vi.stubEnv("NODE_ENV", "production");
  vi.stubEnv("SITE_URL", "https://fastforward.example");
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const { log } = await import("@/lib/platform/server/logger");
  const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
  const { forwardingCheck } = await import("@/lib/platform/server/security/forwarding-check");
  return { check: forwardingCheck(), error };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("forwarding check", () => {
  it.each([
    [undefined, 0, "/", null],
    ["203.0.113.7", 0, "/", "TRUSTED_PROXY_HOPS is not set"],
    ["", 0, "/api/health", "TRUSTED_PROXY_HOPS is not set"],
    ["203.0.113.7", 1, "/", null],
    ["198.51.100.1, 203.0.113.7", 1, "/", null],
    [undefined, 1, "/", "TRUSTED_PROXY_HOPS=1 but a request arrived with 0 X-Forwarded-For entries"],
    ["203.0.113.7", 2, "/checkout?x=1", "TRUSTED_PROXY_HOPS=2 but a request arrived with 1 X-Forwarded-For entry"],
    ["203.0.113.7, 10.0.0.2", 2, "/", null],
    [undefined, 1, "/api/health", null],
  ])("X-Forwarded-For %j with %i hops at %s: %s", (forwardedFor, hops, url, problem) => {
    const found = forwardingProblem(forwardedFor, hops, url);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it("answers a mismatch with the 503 error body and logs it once", async () => {
    const { check, error } = await load({ TRUSTED_PROXY_HOPS: "0" });
    expect(check!(undefined, "/")).toBeNull();
    const answer = check!("203.0.113.7", "/");
    expect(answer).toMatchObject({ status: 503, headers: { "Retry-After": expect.any(String) as string } });
    expect(JSON.parse(answer!.body)).toEqual({
      error: { code: "service_unavailable", message: expect.stringContaining("proxy configuration") as string },
    });
    expect(check!("203.0.113.8", "/admin")).toEqual(answer);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain("TRUSTED_PROXY_HOPS");
  });

  it("is off for a local site and outside production", async () => {
    expect((await load({ SITE_URL: "http://localhost:3000" })).check).toBeNull();
    expect((await load({ NODE_ENV: "development" })).check).toBeNull();
  });
});
