import type { OfferVariant } from "@/lib/offers/offer-variant";

// Browser side of POST /api/offer-view: returns the milliseconds since the countdown started
// (null when it has none, or when the request failed — the page then keeps its local clock).

export async function postOfferView(variant: OfferVariant, signal?: AbortSignal): Promise<number | null> {
  try {
    const response = await fetch("/api/offer-view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ variant }),
      signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && "elapsedMs" in body && typeof body.elapsedMs === "number"
      ? body.elapsedMs
      : null;
  } catch (error) {
    if (!signal?.aborted) console.warn("[offer] view not recorded", error);
    return null;
  }
}
