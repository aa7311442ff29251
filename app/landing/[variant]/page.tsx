// Internal: proxy.ts rewrites / here per visitor (docs/product.md#assignment), so each variant is one
// cached page; requested directly, a 404.
import type { Metadata } from "next";
import { FreeLanding } from "@/components/landing/free-landing";
import { PaidLanding } from "@/components/paid/paid-landing";
import { LANDING_VARIANTS } from "@/lib/experiments/shared/surfaces";
import { freeLandingMetadata, paidLandingMetadata } from "@/lib/site/server/landing-metadata";

type Props = { params: Promise<{ variant: string }> };

export const dynamicParams = false;

export function generateStaticParams(): { variant: string }[] {
  return LANDING_VARIANTS.map((variant) => ({ variant }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return (await params).variant === "paid" ? paidLandingMetadata("/") : freeLandingMetadata();
}

export default async function LandingPage({ params }: Props) {
  return (await params).variant === "paid" ? <PaidLanding path="/" /> : <FreeLanding />;
}
