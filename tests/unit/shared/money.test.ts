import { describe, expect, it } from "vitest";
import { decimalUsd, formatUsd, parseUsd } from "@/lib/shared/money";

// Money is integer cents everywhere; screens show dollars with "$", files a plain decimal.

describe("money", () => {
  it("writes a plain two-place decimal for files, never a $ or a thousands separator", () => {
    expect(decimalUsd(49_700)).toBe("497.00");
    expect(decimalUsd(150_000)).toBe("1500.00");
    expect(decimalUsd(5)).toBe("0.05");
    expect(decimalUsd(0)).toBe("0.00");
    expect(decimalUsd(-1_250)).toBe("-12.50");
    expect(decimalUsd(123_456_789)).toBe("1234567.89");
  });

  it("refuses what is not a whole number of cents rather than round it", () => {
    expect(() => decimalUsd(1.5)).toThrow(RangeError);
    expect(() => decimalUsd(Number.NaN)).toThrow(RangeError);
  });

  it("agrees with the screen formatter on the amount", () => {
    for (const cents of [700, 49_700, 150_000, 12_345]) {
      expect(formatUsd(cents).replace(/[$,]/g, "")).toBe(String(Number(decimalUsd(cents))));
    }
  });

  it("puts the sign of a negative amount (a day of refunds) before the $", () => {
    expect(formatUsd(-750)).toBe("-$7.50");
    expect(formatUsd(-49_700)).toBe("-$497");
  });

  it("reads dollars as an operator types them into integer cents, and nothing else", () => {
    expect(["497", "7.5", "47.97", " $3997 ", "0"].map(parseUsd)).toEqual([49_700, 750, 4797, 399_700, 0]);
    for (const bad of ["", "7.999", "-7", "1e3", "7,00", "12345678", "$"]) expect(parseUsd(bad), bad).toBeNull();
  });
});
