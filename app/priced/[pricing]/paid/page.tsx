// Internal: proxy.ts rewrites /paid here for a browser whose price test gives it another price, so
// each price is one cached copy (docs/decisions/0039-per-variant-priced-pages.md); requested directly, a 404.
import type { Metadata } from "next";
import PaidPage, { generateMetadata as metadataOf } from "@/app/paid/page";
import { priceThisRender } from "@/lib/site/server/read-sales-prices";

type Props = { params: Promise<{ pricing: string }> };

/** None at build time: each copy is rendered and kept on its first request. */
export function generateStaticParams(): { pricing: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await priceThisRender(params);
  return await metadataOf();
}

export default async function PricedPaidPage({ params }: Props) {
  await priceThisRender(params);
  return <PaidPage />;
}
