import { afterEach, describe, expect, it, vi } from "vitest";
import { trackAction } from "@/lib/leads/client/track-action";

// The browser's one way to record a funnel event: the step comes from the catalog, the request
// outlives a navigation (keepalive), and a failure is a warning, never an exception.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("trackAction", () => {
  it("posts the catalog's step for the action, with keepalive", async () => {
    const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 202 })));
    trackAction("checkout_click", { target: "/checkout?product=ai-step-by-step", button: "offer" });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/track-action");
    expect(init?.keepalive).toBe(true);
    expect(typeof init?.body).toBe("string");
    const body: unknown = JSON.parse(typeof init?.body === "string" ? init.body : "null");
    expect(body).toMatchObject({ step: 6, action: "checkout_click", data: { button: "offer" } });
  });

  it("only warns when the server refuses or does not answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubFetch(() => Promise.resolve(Response.json({ error: { code: "x", message: "no" } }, { status: 400 })));
    expect(() => trackAction("qualification_result", { qualified: true })).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(String(warn.mock.calls[0]?.[0])).toContain("qualification_result not recorded");

    stubFetch(() => Promise.reject(new TypeError("offline")));
    expect(() => trackAction("phone_submit", { consent: true })).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
  });
});
