// Internal: proxy.ts rewrites / here for a browser whose price test gives it another price than the
// catalog's, so each landing variant at each price is one cached copy (docs/decisions/0039); requested directly, a 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import LandingPage, { generateMetadata as metadataOf } from "@/app/landing/[variant]/page";
import { LANDING_VARIANTS } from "@/lib/experiments/shared/surfaces";
import { priceThisRender } from "@/lib/site/server/read-sales-prices";

type Props = { params: Promise<{ pricing: string; variant: string }> };

/** None at build time: each copy is rendered and kept on its first request. */
export function generateStaticParams(): { variant: string }[] {
  return [];
}

async function landingParams(params: Props["params"]): Promise<{ variant: string }> {
  const { variant } = await params;
  if (!LANDING_VARIANTS.some((known) => known === variant)) notFound();
  await priceThisRender(params);
  return { variant };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return await metadataOf({ params: landingParams(params) });
}

export default function PricedLandingPage({ params }: Props) {
  return <LandingPage params={landingParams(params)} />;
}
