import { afterEach, describe, expect, it, vi } from "vitest";

// One order's checkout form records one checkout_click, however often its payment is submitted:
// a decline and a retry, a double submit, or the page opened again in the same tab.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const clicks = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([, init]) => JSON.parse(typeof init?.body === "string" ? init.body : "{}") as { action?: string })
    .filter((body) => body.action === "checkout_click").length;

const start = (transactionId: string) => ({ productId: "ai-step-by-step", quantity: 1, transactionId });

describe("trackCheckoutStart", () => {
  it("sends one checkout_click per order for repeated submits", async () => {
    const fetchMock = stubFetch();
    const { trackCheckoutStart } = await import("@/lib/payments/client/checkout-start");
    for (let attempt = 0; attempt < 3; attempt++) trackCheckoutStart(start("t-1"));
    trackCheckoutStart(start("t-2"));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(clicks(fetchMock)).toBe(2);
  });

  it("remembers the order across a reload of the page in the same tab", async () => {
    const store = memoryStore();
    const fetchMock = stubFetch();
    (await import("@/lib/payments/client/checkout-start")).trackCheckoutStart(start("t-3"), store);
    vi.resetModules();
    (await import("@/lib/payments/client/checkout-start")).trackCheckoutStart(start("t-3"), store);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clicks(fetchMock)).toBe(1);
  });
});
