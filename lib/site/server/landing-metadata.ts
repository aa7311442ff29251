import "server-only";
import type { Metadata } from "next";
import { formatUsd } from "@/lib/shared/money";
import { pageMetadata } from "@/lib/site/server/page-metadata";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

// `/` keeps its own canonical whichever variant it shows.

export function freeLandingMetadata(): Metadata {
  return pageMetadata({
    path: "/",
    title: "Fast Forward — Get the business AI book free",
    absoluteTitle: true,
    description:
      "Fast Forward shows business owners and team leads where AI pays: the four-step RACE Framework (Rank, Analyze, Create, Embed). Get the digital copy free today.",
  });
}

/** The price is the render's, as the page's own copy (a price test's copy shows its variant's). */
export async function paidLandingMetadata(path: "/" | "/paid"): Promise<Metadata> {
  const { book } = await readSalesPrices();
  const [price, normal] = [formatUsd(book.paidPrice), formatUsd(book.normalPrice)];
  return pageMetadata({
    path,
    title: `Fast Forward — the business AI playbook for ${price}`,
    absoluteTitle: true,
    description: `Get Fast Forward for just ${price} (normally ${normal}): the RACE Framework for putting AI to work in your business, with a 30-day money-back guarantee.`,
  });
}
