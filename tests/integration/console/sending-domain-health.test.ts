import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startResendDouble, type ResendDouble } from "../../doubles/resend-api";

// The health strip asks Resend (GET /domains) whether EMAIL_FROM's domain is verified: a problem
// item when it is not, nothing when it is, nothing asked in outbox mode; the answer is cached, and a
// slow API never holds the page up.

const DOMAIN = "fastforward.example";
let resend: ResendDouble;
let slow: ResendDouble;

beforeAll(async () => {
  [resend, slow] = await Promise.all([startResendDouble(), startResendDouble({ domainDelayMs: 2_500 })]);
});
afterAll(async () => {
  await Promise.all([resend.close(), slow.close()]);
  for (const key of ["RESEND_API_KEY", "RESEND_BASE_URL", "EMAIL_FROM"]) delete process.env[key];
});

async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const domain = await import("@/lib/platform/server/mail/sending-domain");
  domain.resetSendingDomainCache();
  return { ...domain, ...(await import("@/lib/console/server/health-report")) };
}

const itemIds = async (app: Awaited<ReturnType<typeof load>>) =>
  (await app.consoleHealth(new Headers({ host: "localhost:3000" }))).map((item) => item.id);

afterEach(() => resend.setDomain(DOMAIN, null));

describe("sending domain health", () => {
  it("says nothing and asks nothing in outbox mode", async () => {
    const app = await load({ RESEND_API_KEY: undefined, RESEND_BASE_URL: resend.url });
    resend.setDomain(DOMAIN, "not_started");
    const before = resend.domainRequests();
    expect(await itemIds(app)).not.toContain("sending-domain");
    expect(resend.domainRequests()).toBe(before);
  });

  it("is a problem while Resend has the domain unverified or not at all, and nothing once verified", async () => {
    const app = await load({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url, EMAIL_FROM: undefined });
    resend.setDomain(DOMAIN, "not_started");
    const items = await app.consoleHealth(new Headers({ host: "localhost:3000" }));
    const item = items.find((i) => i.id === "sending-domain");
    expect(item).toMatchObject({ level: "problem", title: "Sending domain not verified" });
    expect(item?.detail).toContain(`${DOMAIN} as not started`);

    // Cached: Resend is asked once in ten minutes, however often the strip is shown.
    resend.setDomain(DOMAIN, "verified");
    const asked = resend.domainRequests();
    expect(await itemIds(app)).toContain("sending-domain");
    expect(resend.domainRequests()).toBe(asked);
    expect(await app.sendingDomainState(Date.now() + app.SENDING_DOMAIN_CACHE_MS + 1)).toEqual({
      name: DOMAIN,
      status: "verified",
    });
    expect(resend.domainRequests()).toBe(asked + 1);

    app.resetSendingDomainCache();
    expect(await itemIds(app)).not.toContain("sending-domain");
    app.resetSendingDomainCache();
    resend.setDomain(DOMAIN, null);
    expect(
      (await app.consoleHealth(new Headers({ host: "localhost:3000" }))).find((i) => i.id === "sending-domain")?.detail,
    ).toContain(`Resend has no domain ${DOMAIN}`);
  });

  it("does not wait for a slow answer, and shows it once it came", async () => {
    const app = await load({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: slow.url, EMAIL_FROM: undefined });
    slow.setDomain(DOMAIN, "pending");
    const started = Date.now();
    expect(await itemIds(app)).not.toContain("sending-domain");
    expect(Date.now() - started).toBeLessThan(2_000);
    await vi.waitFor(async () => expect(await itemIds(app)).toContain("sending-domain"), {
      timeout: 10_000,
      interval: 500,
    });
    expect(slow.domainRequests()).toBe(1);
  });
});
