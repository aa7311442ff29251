import { describe, expect, it } from "vitest";
import { matchText } from "@/lib/console/shared/console-format";
import { capCount, COUNT_CAP } from "@/lib/shared/list-count";

// A list's count in words: exact below the cap, "more than" the cap past it, never an estimate.

const leads = { one: "lead", many: "leads" };

describe("list counts", () => {
  it("is exact up to the cap and says 'more than' past it", () => {
    expect(matchText(capCount(0), leads)).toBe("0 leads match");
    expect(matchText(capCount(1), leads)).toBe("1 lead matches");
    expect(matchText(capCount(COUNT_CAP), leads)).toBe("10,000 leads match");
    expect(capCount(COUNT_CAP + 1)).toEqual({ count: COUNT_CAP, capped: true });
    expect(matchText(capCount(COUNT_CAP + 1), leads)).toBe("More than 10,000 leads match");
    expect(matchText(capCount(1_001, 1_000), leads)).toBe("More than 1,000 leads match");
  });
});
