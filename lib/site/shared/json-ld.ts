import { absoluteUrl } from "@/lib/site/shared/urls";

/** `price` and `listPrice` (the normal price) in US cents. */
export type BookOfferInput = { siteUrl: string; path: string; price: number; listPrice: number; imagePath: string };

export function bookJsonLd({ siteUrl, path, price, listPrice, imagePath }: BookOfferInput): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, path);
  return {
    "@context": "https://schema.org",
    "@type": "Book",
    name: "Fast Forward",
    alternativeHeadline: "The RACE Framework for putting AI to work in your business",
    bookFormat: "https://schema.org/EBook",
    inLanguage: "en",
    url,
    image: absoluteUrl(siteUrl, imagePath),
    description: "A business book on applying AI with the four-step RACE Framework: Rank, Analyze, Create, Embed.",
    offers: {
      "@type": "Offer",
      url,
      price: (price / 100).toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      ...(price < listPrice
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              priceType: "https://schema.org/ListPrice",
              price: (listPrice / 100).toFixed(2),
              priceCurrency: "USD",
            },
          }
        : {}),
    },
  };
}

/** "<" escaped so no text can close the tag. */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
