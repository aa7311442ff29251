import { afterEach, describe, expect, it, vi } from "vitest";
import { post, RequestFailedError } from "@/lib/platform/client/client-post";
import { postOfferView } from "@/lib/offers/client/offer-view-client";
import { PHONE_CONSENT_FAILED, postPhoneConsent } from "@/lib/booking/client/client-api";

// Every browser call to a JSON route goes through post(); these pin what callers rely on when
// they pass a plain type guard instead of a zod schema (the opt-in and offer pages do).

function answer(status: number, json: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(json), { status })));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

const isCount = (body: unknown): body is { count: number } =>
  typeof body === "object" && body !== null && "count" in body && typeof body.count === "number";

describe("post with a type guard", () => {
  it("sends JSON and returns an answer the guard accepts", async () => {
    const fetch = answer(200, { count: 3 });
    await expect(post("/api/x", { a: 1 }, isCount, "failed")).resolves.toEqual({ count: 3 });
    expect(fetch).toHaveBeenCalledWith("/api/x", expect.objectContaining({ method: "POST", body: '{"a":1}' }));
  });

  it("throws the fallback for an answer the guard refuses, and reads only the status without a shape", async () => {
    answer(200, { count: "3" });
    await expect(post("/api/x", {}, isCount, "failed")).rejects.toThrow("failed");
    answer(201, null);
    await expect(post("/api/x", {}, null, "failed")).resolves.toBeUndefined();
  });

  it("keeps the server's own message apart from the fallback", async () => {
    answer(400, { error: { code: "invalid_request", message: "Bad phone." } });
    const refused = await post("/api/x", {}, null, "failed").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestFailedError);
    expect(refused).toMatchObject({ status: 400, message: "Bad phone.", serverMessage: "Bad phone." });
    answer(502, "gateway");
    const failed = await post("/api/x", {}, null, "failed").catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 502, message: "failed", serverMessage: undefined });
  });
});

describe("route callers", () => {
  it("postPhoneConsent rejects with the server's message or the page's fallback", async () => {
    answer(400, { error: { code: "invalid_request", message: "Please enter a valid phone number." } });
    await expect(postPhoneConsent({ contactId: "c", phone: "1", consent: true })).rejects.toThrow(
      "Please enter a valid phone number.",
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("fetch failed"))),
    );
    await expect(postPhoneConsent({ contactId: "c", phone: "1", consent: true })).rejects.toThrow(PHONE_CONSENT_FAILED);
  });

  it("postOfferView returns the elapsed time, or null when the answer has none or the call fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    answer(200, { variant: "countdown", elapsedMs: 1234 });
    await expect(postOfferView("countdown")).resolves.toBe(1234);
    answer(200, { variant: "team", elapsedMs: null });
    await expect(postOfferView("team")).resolves.toBeNull();
    answer(503, { error: { code: "unavailable", message: "Down." } });
    await expect(postOfferView("countdown")).resolves.toBeNull();
    vi.restoreAllMocks();
  });
});

describe("a page's first answer", () => {
  it("holds the page's other requests until it arrives, so a first visit gets one browser cookie", async () => {
    vi.resetModules();
    const { post: freshPost } = await import("@/lib/platform/client/client-post");
    let answerFirst: (response: Response) => void = () => undefined;
    const fetch = vi.fn((path: string) =>
      path === "/api/first"
        ? new Promise<Response>((resolve) => (answerFirst = resolve))
        : Promise.resolve(new Response("{}", { status: 200 })),
    );
    vi.stubGlobal("fetch", fetch);
    const first = freshPost("/api/first", {}, null, "failed");
    const second = freshPost("/api/second", {}, null, "failed");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(["/api/first"]);
    answerFirst(new Response("{}", { status: 200 }));
    await Promise.all([first, second]);
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(["/api/first", "/api/second"]);
    // Once answered, nothing waits: a third request goes out at once.
    await freshPost("/api/third", {}, null, "failed");
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("lets the others go when the first request fails", async () => {
    vi.resetModules();
    const { post: freshPost } = await import("@/lib/platform/client/client-post");
    const fetch = vi.fn((path: string) =>
      path === "/api/first" ? Promise.reject(new TypeError("offline")) : Promise.resolve(new Response("{}")),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(freshPost("/api/first", {}, null, "failed")).rejects.toThrow("failed");
    await expect(freshPost("/api/second", {}, null, "failed")).resolves.toBeUndefined();
  });
});
