import { describe, expect, it } from "vitest";
import { nextChainStep, type ChainOffer } from "@/lib/payments/shared/offer-chain";

const offer = (after: string, up: string | null, down: string | null = null): ChainOffer => ({
  id: `offer-${after}`,
  afterProductCode: after,
  offerProductCode: up,
  downsellProductCode: down,
});
const chain = (...offers: ChainOffer[]) => new Map(offers.map((o) => [o.afterProductCode, o]));
const onSale = () => true;

describe("nextChainStep", () => {
  const offers = chain(offer("book", "course", "mini"), offer("course", "coaching"));

  it("offers the upsell after the first order", () => {
    expect(nextChainStep("book", offers, [], new Set(), onSale)).toMatchObject({
      step: "upsell",
      productCode: "course",
    });
  });

  it("goes on from an accepted offer to its own offer", () => {
    const step = nextChainStep("book", offers, [{ productCode: "course", paid: true }], new Set(), onSale);
    expect(step).toMatchObject({ step: "upsell", productCode: "coaching" });
  });

  it("keeps showing an offer whose child order is not paid yet (declined card, authentication)", () => {
    const step = nextChainStep("book", offers, [{ productCode: "course", paid: false }], new Set(), onSale);
    expect(step).toMatchObject({ step: "upsell", productCode: "course" });
  });

  it("shows the downsell after No thanks, and nothing after a second No thanks", () => {
    expect(nextChainStep("book", offers, [], new Set(["upsell:course"]), onSale)).toMatchObject({
      step: "downsell",
      productCode: "mini",
    });
    expect(nextChainStep("book", offers, [], new Set(["upsell:course", "downsell:mini"]), onSale)).toBeNull();
  });

  it("offers the same product again as the downsell, at its own step", () => {
    const again = chain(offer("book", "course", "course"));
    expect(nextChainStep("book", again, [], new Set(["upsell:course"]), onSale)).toMatchObject({
      step: "downsell",
      productCode: "course",
    });
    // Bought as the downsell: the chain goes on from the course.
    const after = chain(offer("book", "course", "course"), offer("course", "coaching"));
    const paid = [{ productCode: "course", paid: true }];
    expect(nextChainStep("book", after, paid, new Set(["upsell:course"]), onSale)).toMatchObject({
      productCode: "coaching",
    });
  });

  it("ends where no offer follows, or the offer is switched off", () => {
    expect(nextChainStep("course", chain(offer("book", "course")), [], new Set(), onSale)).toBeNull();
    expect(nextChainStep("book", chain(offer("book", null)), [], new Set(), onSale)).toBeNull();
  });

  it("never offers a product twice, even when the operator's chain loops", () => {
    const loop = chain(offer("book", "course"), offer("course", "book"));
    expect(nextChainStep("book", loop, [{ productCode: "course", paid: true }], new Set(), onSale)).toBeNull();
  });

  it("skips a product no longer on sale", () => {
    const step = nextChainStep("book", offers, [], new Set(), (code) => code !== "course");
    expect(step).toMatchObject({ step: "downsell", productCode: "mini" });
  });
});
