import { afterEach, describe, expect, it, vi } from "vitest";
import { register } from "@/lib/leads/client/lead-api";
import {
  contactProblem,
  FILL_BOTH_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NAME_MAX,
  NAME_TOO_LONG_MESSAGE,
  registrationProblem,
} from "@/lib/leads/shared/contact-rules";

// A failed registration must be reported, with a message that says whether trying again helps,
// instead of the survey claiming the free copy is on its way.

describe("contactProblem", () => {
  it.each([
    ["Ada", "ada@example.com", null],
    ["Ada", "jane@company", null], // the opt-in asks only for an at-sign
    ["  ", "ada@example.com", FILL_BOTH_MESSAGE],
    ["Ada", "", FILL_BOTH_MESSAGE],
    ["Ada", "ada.example.com", INVALID_EMAIL_MESSAGE],
    ["x".repeat(NAME_MAX), "ada@example.com", null],
    ["x".repeat(NAME_MAX + 1), "ada@example.com", NAME_TOO_LONG_MESSAGE],
  ])("%j / %j → %j", (name, email, expected) => {
    expect(contactProblem(name, email)).toBe(expected);
  });
});

describe("registrationProblem", () => {
  it("asks to retry later when the server was unreachable or failing", () => {
    expect(registrationProblem(null)).toMatch(/could not reach our server/);
    expect(registrationProblem(503, "Service temporarily unavailable.")).toMatch(/server had a problem/);
  });

  it("asks to wait after a rate limit", () => {
    expect(registrationProblem(429, "Too many requests. Please wait a moment and try again.")).toMatch(/wait a minute/);
  });

  it("shows the server's own sentence for refused details, never a field-coded one", () => {
    expect(registrationProblem(400, NAME_TOO_LONG_MESSAGE)).toBe(NAME_TOO_LONG_MESSAGE);
    expect(registrationProblem(400, "contactId: Invalid UUID")).toBe(
      "Please check your name and email, then try again.",
    );
    expect(registrationProblem(400)).toBe("Please check your name and email, then try again.");
  });
});

describe("register (browser)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubBrowser(fetch: () => Promise<Response>) {
    const store = new Map<string, string>();
    vi.stubGlobal("fetch", vi.fn(fetch));
    const localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    vi.stubGlobal("window", { location: { search: "" }, localStorage });
    vi.stubGlobal("navigator", {});
  }

  it("resolves ok once the prospect is stored", async () => {
    stubBrowser(() => Promise.resolve(Response.json({ success: true, contactId: "c", firstName: "Ada" })));
    await expect(register("Ada", "ada@example.com")).resolves.toEqual({ ok: true });
  });

  it("reports a refused registration with the server's message", async () => {
    stubBrowser(() =>
      Promise.resolve(
        Response.json({ error: { code: "invalid_request", message: NAME_TOO_LONG_MESSAGE } }, { status: 400 }),
      ),
    );
    await expect(register("x".repeat(201), "ada@example.com")).resolves.toEqual({
      ok: false,
      problem: NAME_TOO_LONG_MESSAGE,
    });
  });

  it("reports an unreachable server", async () => {
    stubBrowser(() => Promise.reject(new TypeError("fetch failed")));
    await expect(register("Ada", "ada@example.com")).resolves.toEqual({
      ok: false,
      problem: registrationProblem(null),
    });
  });
});
