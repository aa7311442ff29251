import { describe, expect, it } from "vitest";
import { leadFilterQuery, leadFilterSchema } from "@/lib/leads/shared/lead-filter";

// The leads list's filter: the console's list and exports and the broadcasts' segments read it.

describe("leads filter", () => {
  it("reads blank form fields as 'any' and rejects unknown keys and bad values", () => {
    expect(leadFilterSchema.parse({ q: "  ", from: "", qualified: "", track: "", source: "" })).toEqual({});
    expect(leadFilterSchema.safeParse({ qualified: "maybe" }).success).toBe(false);
    expect(leadFilterSchema.safeParse({ to: "2031-02-29" }).success).toBe(false);
    expect(leadFilterSchema.safeParse({ page: "2" }).success).toBe(false);
  });

  it("round-trips through the query string", () => {
    const filter = leadFilterSchema.parse({ q: " Ada ", from: "2031-03-01", qualified: "yes", source: "(none)" });
    expect(leadFilterQuery(filter)).toEqual({ q: "Ada", from: "2031-03-01", qualified: "yes", source: "(none)" });
  });
});

describe("leads search", () => {
  it("needs 3 characters (the trigram indexes' unit)", () => {
    expect(leadFilterSchema.safeParse({ q: "ab" }).success).toBe(false);
    expect(leadFilterSchema.parse({ q: " abc " })).toEqual({ q: "abc" });
  });
});
