import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { bucketingInput, pickVariant, unitFromDigest } from "@/lib/experiments/shared/bucketing";

const FIFTY_FIFTY = [
  { key: "free", weight: 50 },
  { key: "paid", weight: 50 },
];

function shares(variants: { key: string; weight: number }[], draws: number, experimentKey = "landing-test") {
  const counts = new Map<string, number>();
  for (let i = 0; i < draws; i++) {
    const key = assignVariant(experimentKey, randomUUID(), variants);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (key: string) => (counts.get(key) ?? 0) / draws;
}

describe("experiment bucketing", () => {
  it("hashes the experiment key before the browser id", () => {
    expect(bucketingInput("landing-1", "b-1")).toBe("landing-1:b-1");
  });

  it("maps a digest to [0, 1): zeros to 0, all ones just below 1", () => {
    expect(unitFromDigest(new Uint8Array(32))).toBe(0);
    const top = unitFromDigest(new Uint8Array(32).fill(255));
    expect(top).toBeLessThan(1);
    expect(top).toBeGreaterThan(0.999999);
    expect(unitFromDigest(Uint8Array.from([128, 0, 0, 0, 0, 0]))).toBe(0.5);
    expect(() => unitFromDigest(new Uint8Array(5))).toThrow();
  });

  it("picks by cumulative weight in the listed order", () => {
    const variants = [
      { key: "countdown", weight: 1 },
      { key: "add-to-order", weight: 1 },
      { key: "team", weight: 2 },
    ];
    expect(pickVariant(0, variants)).toBe("countdown");
    expect(pickVariant(0.2499, variants)).toBe("countdown");
    expect(pickVariant(0.25, variants)).toBe("add-to-order");
    expect(pickVariant(0.4999, variants)).toBe("add-to-order");
    expect(pickVariant(0.5, variants)).toBe("team");
    expect(pickVariant(0.999999, variants)).toBe("team");
    // The same slices in another order belong to other variants.
    expect(pickVariant(0, [...variants].reverse())).toBe("team");
  });

  it("is deterministic per browser and experiment, and independent across experiments", () => {
    const browsers = Array.from({ length: 200 }, () => randomUUID());
    for (const id of browsers) {
      expect(assignVariant("landing-a", id, FIFTY_FIFTY)).toBe(assignVariant("landing-a", id, FIFTY_FIFTY));
    }
    const agree = browsers.filter(
      (id) => assignVariant("landing-a", id, FIFTY_FIFTY) === assignVariant("landing-b", id, FIFTY_FIFTY),
    ).length;
    // Independent 50/50 draws agree about half the time, not always.
    expect(agree).toBeGreaterThan(60);
    expect(agree).toBeLessThan(140);
  });

  it("respects 50/50 weights over 100k browsers within 1 percentage point", () => {
    const share = shares(FIFTY_FIFTY, 100_000);
    expect(Math.abs(share("free") - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(share("paid") - 0.5)).toBeLessThan(0.01);
  });

  it("respects uneven weights (10/30/60) over 100k browsers within 1 percentage point", () => {
    const share = shares(
      [
        { key: "countdown", weight: 10 },
        { key: "add-to-order", weight: 30 },
        { key: "team", weight: 60 },
      ],
      100_000,
      "offer-test",
    );
    expect(Math.abs(share("countdown") - 0.1)).toBeLessThan(0.01);
    expect(Math.abs(share("add-to-order") - 0.3)).toBeLessThan(0.01);
    expect(Math.abs(share("team") - 0.6)).toBeLessThan(0.01);
  });

  it("gives a 0/100 split's zero-weight variant to nobody", () => {
    const variants = [
      { key: "free", weight: 0 },
      { key: "paid", weight: 100 },
    ];
    const share = shares(variants, 10_000);
    expect(share("paid")).toBe(1);
    expect(pickVariant(0, variants)).toBe("paid");
    expect(
      pickVariant(0.9999999, [
        { key: "free", weight: 100 },
        { key: "paid", weight: 0 },
      ]),
    ).toBe("free");
  });

  it("refuses variants without any weight", () => {
    expect(() => pickVariant(0.5, [{ key: "free", weight: 0 }])).toThrow();
  });
});
