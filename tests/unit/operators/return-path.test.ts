import { describe, expect, it } from "vitest";
import { safeReturnPath, signInAgainHref } from "@/lib/operators/shared/return-path";

// After signing in again the operator returns to the console page they were on, and never anywhere else.

describe("the sign-in page's return path", () => {
  it.each([
    ["/admin/orders/5f0c?tab=refunds", "/admin/orders/5f0c?tab=refunds"],
    ["/admin", "/admin"],
    ["/admin?view=week", "/admin?view=week"],
  ])("keeps the console path %s", (given, kept) => {
    expect(safeReturnPath(given)).toBe(kept);
  });

  it.each([
    ["another site", "https://evil.example/admin"],
    ["a protocol-relative URL", "//evil.example/admin"],
    ["a backslash trick", "/admin\\@evil.example"],
    ["a look-alike prefix", "/administrator"],
    ["a public page", "/checkout"],
    ["the sign-in page itself", "/admin/sign-in?next=/admin"],
    ["no value", undefined],
    ["several values", ["/admin/leads", "/admin/orders"]],
  ])("sends %s to the overview", (_label, given) => {
    expect(safeReturnPath(given)).toBe("/admin");
  });

  it("builds the sign-in link with the page to return to", () => {
    const href = new URL(signInAgainHref("/admin/leads?q=ada"), "http://localhost");
    expect(href.pathname).toBe("/admin/sign-in");
    expect(href.searchParams.get("reauth")).toBe("1");
    expect(href.searchParams.get("next")).toBe("/admin/leads?q=ada");
  });
});
