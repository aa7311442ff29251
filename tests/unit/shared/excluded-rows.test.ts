import { describe, expect, it } from "vitest";
import { flaggedViewSql, isExclusionKind } from "@/lib/shared/excluded-rows";
import { leadFilterQuery, leadFilterSchema } from "@/lib/leads/shared/lead-filter";

// A list leaves flagged rows out unless its filter asks for them; the filter survives the address.

describe("the lists' view of test and spam rows", () => {
  it("leaves them out by default, shows all on include, only them on only", () => {
    expect(flaggedViewSql(undefined, "p")).toBe("p.excluded_as IS NULL");
    expect(flaggedViewSql("include", "p")).toBeNull();
    expect(flaggedViewSql("only", "o")).toBe("o.excluded_as IS NOT NULL");
  });

  it("reads the leads filter's view and writes it back; refuses an unknown one", () => {
    const filter = leadFilterSchema.parse({ flagged: "include", q: "" });
    expect(leadFilterQuery(filter)).toEqual({ flagged: "include" });
    expect(leadFilterSchema.safeParse({ flagged: "all" }).success).toBe(false);
  });

  it("knows the two kinds only", () => {
    expect(["test", "spam", "TEST", "", null].map(isExclusionKind)).toEqual([true, true, false, false, false]);
  });
});
