import { afterEach, describe, expect, it, vi } from "vitest";
import { Browser, buyer } from "./helpers";

// the demo gateway is refused when NODE_ENV=production unless ALLOW_DEMO_PAYMENTS=true.

async function routeWith(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return (await import("@/app/api/create-payment-intent/route")).POST;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("demo payments in production", () => {
  it("refuses with 503 'Failed to initialize payment' and creates nothing", async () => {
    const create = await routeWith({
      NODE_ENV: "production",
      ALLOW_DEMO_PAYMENTS: undefined,
      STRIPE_SECRET_KEY: undefined,
    });
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const r = await browser.call<{ error: { message: string } }>(create, "/api/create-payment-intent", input);
    expect(r.status).toBe(503);
    expect(r.body.error.message).toBe("Failed to initialize payment");
    const { getDb } = await import("@/lib/platform/server/db");
    expect(await getDb().order.count({ where: { contactId: input.contactId } })).toBe(0);
  });

  it("allows them when ALLOW_DEMO_PAYMENTS=true", async () => {
    const create = await routeWith({
      NODE_ENV: "production",
      ALLOW_DEMO_PAYMENTS: "true",
      STRIPE_SECRET_KEY: undefined,
    });
    const r = await new Browser().call(create, "/api/create-payment-intent", buyer("fast-forward-book"));
    expect(r.status).toBe(200);
  });
});
