// Where a buyer stands in the post-purchase offer chain, from what they bought and declined: the
// chain has no state of its own, so reloads, tabs and late webhooks all see the same step.

export type OfferStepKind = "upsell" | "downsell";

export type ChainOffer = {
  id: string;
  afterProductCode: string;
  offerProductCode: string | null;
  downsellProductCode: string | null;
};

export type ChainChild = { productCode: string; paid: boolean };

export type ChainStep = { offer: ChainOffer; step: OfferStepKind; productCode: string };

/** How a "No thanks" is keyed: the downsell may be the offered product again, at a lower price. */
export const declineKey = (step: OfferStepKind, productCode: string) => `${step}:${productCode}`;

/** The longest chain walked; an operator's loop (course → book → course) ends at a product already bought. */
const MAX_STEPS = 20;

export function nextChainStep(
  rootProductCode: string,
  offers: ReadonlyMap<string, ChainOffer>,
  children: readonly ChainChild[],
  /** {@link declineKey}s */
  declined: ReadonlySet<string>,
  onSale: (productCode: string) => boolean,
): ChainStep | null {
  const paid = new Set(children.filter((c) => c.paid).map((c) => c.productCode));
  const seen = new Set([rootProductCode]);
  let after = rootProductCode;
  for (let n = 0; n < MAX_STEPS; n++) {
    const offer = offers.get(after);
    if (!offer?.offerProductCode) return null;
    const candidates: [OfferStepKind, string | null][] = [
      ["upsell", offer.offerProductCode],
      ["downsell", offer.downsellProductCode],
    ];
    let moved = false;
    for (const [step, productCode] of candidates) {
      if (!productCode || seen.has(productCode)) continue;
      if (paid.has(productCode)) {
        // Accepted: the chain goes on from what was bought.
        seen.add(productCode);
        after = productCode;
        moved = true;
        break;
      }
      if (declined.has(declineKey(step, productCode)) || !onSale(productCode)) continue;
      return { offer, step, productCode };
    }
    if (!moved) return null;
  }
  return null;
}
