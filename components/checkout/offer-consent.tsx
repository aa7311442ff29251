// Shown before the first payment whenever an offer follows it: the card is kept only on these terms.

export const OFFER_CONSENT =
  "By paying you allow Fast Forward to charge this card for offers you accept on the next page.";

export function OfferConsent() {
  return (
    <p data-testid="offer-consent" className="mt-2 text-center text-sm text-slate-700">
      {OFFER_CONSENT}
    </p>
  );
}
