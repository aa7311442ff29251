import { describe, expect, it } from "vitest";
import { createExperimentSchema, updateExperimentSchema } from "@/lib/experiments/server/experiment-draft-schema";
import {
  describeVariant,
  resolveBumps,
  resolveOfferAmount,
  resolvePrice,
  type SubjectOf,
} from "@/lib/experiments/shared/catalog-subjects";
import { previewHref } from "@/lib/experiments/shared/preview-links";

// A price, bump or post-purchase offer test keeps its variants' definitions with the draft; these
// are the rules that validate them and turn a browser's variant into what it is shown and charged.

const BUMP_A = "0d4c2a6e-7c1f-4d55-9a57-3f1f0b1f9a01";
const BUMP_B = "9b2f0c1d-2a3e-4f50-8b6c-7d8e9f0a1b02";

const priceDraft = (variants: Record<string, { amount: number }>, keys = Object.keys(variants)) => ({
  key: "book-price",
  surface: "price",
  variants: keys.map((key) => ({ key, weight: 1 })),
  primaryMetric: "revenue",
  subject: { kind: "price", productCode: "fast-forward-book", variants },
});

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe("variant definitions of a draft", () => {
  it("accept a price test with two or more prices in cents", () => {
    const parsed = createExperimentSchema.parse(priceDraft({ control: { amount: 700 }, higher: { amount: 900 } }));
    expect(parsed.subject).toEqual({
      kind: "price",
      productCode: "fast-forward-book",
      variants: { control: { amount: 700 }, higher: { amount: 900 } },
    });
  });

  it("refuse a price below the smallest card charge, or not whole cents", () => {
    expect(createExperimentSchema.safeParse(priceDraft({ a: { amount: 700 }, b: { amount: 49 } })).success).toBe(false);
    expect(createExperimentSchema.safeParse(priceDraft({ a: { amount: 700 }, b: { amount: 9.5 } })).success).toBe(
      false,
    );
  });

  it("refuse a variant without a definition, or a definition of no variant", () => {
    const missing = createExperimentSchema.safeParse(priceDraft({ a: { amount: 700 } }, ["a", "b"]));
    expect(issues(missing)).toContain("Define each variant once, and nothing else.");
    const extra = createExperimentSchema.safeParse(
      priceDraft({ a: { amount: 700 }, b: { amount: 800 }, c: { amount: 900 } }, ["a", "b"]),
    );
    expect(issues(extra)).toContain("Define each variant once, and nothing else.");
  });

  it("refuse a catalog surface without a subject, a subject of another kind, and a subject on the landing", () => {
    const bare = { ...priceDraft({ a: { amount: 700 }, b: { amount: 800 } }), subject: undefined };
    expect(issues(createExperimentSchema.safeParse(bare))).toContain("Say what each variant changes for this surface.");
    const wrongKind = { ...priceDraft({ a: { amount: 700 }, b: { amount: 800 } }), surface: "bump" };
    expect(createExperimentSchema.safeParse(wrongKind).success).toBe(false);
    const landing = {
      ...priceDraft({ free: { amount: 700 }, paid: { amount: 800 } }),
      surface: "landing",
      primaryMetric: "opt_in",
    };
    expect(issues(createExperimentSchema.safeParse(landing))).toContain("This surface has no subject.");
  });

  it("accept the code-defined surfaces without a subject, as before", () => {
    const landing = {
      key: "landing-test",
      surface: "landing",
      variants: [
        { key: "free", weight: 1 },
        { key: "paid", weight: 1 },
      ],
      primaryMetric: "opt_in",
    };
    expect(createExperimentSchema.safeParse(landing).success).toBe(true);
  });

  it("accept a bump test of shown against not shown, and refuse a bump named twice or not by id", () => {
    const draft = (a: string[]) => ({
      id: "5f0b7c86-8d0e-4a38-9d7a-2b7b5b1f4c10",
      key: "book-bump",
      surface: "bump",
      variants: [
        { key: "shown", weight: 1 },
        { key: "hidden", weight: 1 },
      ],
      primaryMetric: "revenue",
      subject: {
        kind: "bump",
        productCode: "fast-forward-book",
        variants: { shown: { bumpIds: a }, hidden: { bumpIds: [] } },
      },
    });
    expect(updateExperimentSchema.safeParse(draft([BUMP_A])).success).toBe(true);
    expect(updateExperimentSchema.safeParse(draft([BUMP_A, BUMP_A])).success).toBe(false);
    expect(updateExperimentSchema.safeParse(draft(["bump-a"])).success).toBe(false);
  });

  it("accept an offer shown at two prices or hidden, and refuse a hidden offer with a price", () => {
    const draft = (hidden: { shown: boolean; amount: number | null }) => ({
      key: "book-offer",
      surface: "post_offer",
      variants: [
        { key: "own-price", weight: 1 },
        { key: "cheaper", weight: 1 },
        { key: "none", weight: 1 },
      ],
      primaryMetric: "revenue",
      subject: {
        kind: "post_offer",
        productCode: "fast-forward-book",
        variants: { "own-price": { shown: true, amount: null }, cheaper: { shown: true, amount: 9700 }, none: hidden },
      },
    });
    expect(createExperimentSchema.safeParse(draft({ shown: false, amount: null })).success).toBe(true);
    expect(issues(createExperimentSchema.safeParse(draft({ shown: false, amount: 100 })))).toContain(
      "A hidden offer has no price.",
    );
  });

  it("refuse operator variant keys that are not lower-case words", () => {
    expect(createExperimentSchema.safeParse(priceDraft({ A: { amount: 700 }, b: { amount: 800 } })).success).toBe(
      false,
    );
  });
});

describe("variant → what the browser gets", () => {
  const price: SubjectOf<"price"> = {
    kind: "price",
    productCode: "fast-forward-book",
    variants: { control: { amount: 700 }, higher: { amount: 900 } },
  };
  const bump: SubjectOf<"bump"> = {
    kind: "bump",
    productCode: "fast-forward-book",
    variants: { a: { bumpIds: [BUMP_A] }, b: { bumpIds: [BUMP_B] }, none: { bumpIds: [] } },
  };
  const offer: SubjectOf<"post_offer"> = {
    kind: "post_offer",
    productCode: "fast-forward-book",
    variants: {
      shown: { shown: true, amount: null },
      cheaper: { shown: true, amount: 4700 },
      hidden: { shown: false, amount: null },
    },
  };

  it("a price variant is its own amount; no variant or an unknown one is the catalog's", () => {
    expect(resolvePrice(price, "higher", 700)).toBe(900);
    expect(resolvePrice(price, "control", 750)).toBe(700);
    expect(resolvePrice(price, null, 750)).toBe(750);
    expect(resolvePrice(price, "gone", 750)).toBe(750);
  });

  it("a bump variant keeps only its bumps, in checkout order; no variant keeps all", () => {
    const offered = [{ id: BUMP_A }, { id: BUMP_B }];
    expect(resolveBumps(bump, "a", offered)).toEqual([{ id: BUMP_A }]);
    expect(resolveBumps(bump, "b", offered)).toEqual([{ id: BUMP_B }]);
    expect(resolveBumps(bump, "none", offered)).toEqual([]);
    expect(resolveBumps(bump, null, offered)).toEqual(offered);
  });

  it("an offer variant shows it at its own price, another price, or not at all", () => {
    expect(resolveOfferAmount(offer, "shown", 9700)).toBe(9700);
    expect(resolveOfferAmount(offer, "cheaper", 9700)).toBe(4700);
    expect(resolveOfferAmount(offer, "hidden", 9700)).toBeNull();
    expect(resolveOfferAmount(offer, null, 9700)).toBe(9700);
  });

  it("each variant is described for the console", () => {
    const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(describeVariant(price, "higher", usd)).toBe("$9.00");
    expect(describeVariant(bump, "none", usd)).toBe("no bump shown");
    expect(describeVariant(offer, "hidden", usd)).toBe("offer not shown");
    expect(describeVariant(offer, "cheaper", usd)).toBe("offer shown at $47.00");
  });

  it("the code-defined preview links stay as they were, and a catalog variant named paid gets none", () => {
    expect(previewHref("landing", "paid")).toBe("/paid");
    expect(previewHref("offer", "team")).toBe("/oto-realtime-ai-academy?variant=team");
    expect(previewHref("price", "paid")).toBeNull();
  });
});
