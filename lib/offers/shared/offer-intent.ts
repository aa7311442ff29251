// Derived from the checkout link itself, so the two cannot disagree.

export type OfferIntent = { productId: string; quantity: number; includeUpsell?: boolean };

export function intentForCheckout(href: string): OfferIntent | null {
  const url = new URL(href, "http://offer.invalid");
  if (url.pathname !== "/checkout") return null;
  const productId = url.searchParams.get("product");
  if (!productId) return null;
  const upsell = url.searchParams.get("upsell");
  return upsell === null ? { productId, quantity: 1 } : { productId, quantity: 1, includeUpsell: upsell === "true" };
}
