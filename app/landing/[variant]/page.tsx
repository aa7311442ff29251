// /landing/free and /landing/paid — internal: proxy.ts rewrites / here to the variant the visitor
// gets (README "Split tests"), so each variant is one cached page; requested directly, a 404.
// The free book offer (spec §2 "Landing page") or the $7 page with `/` as its address.
import type { Metadata } from "next";
import { FreeLanding } from "@/components/landing/free-landing";
import { PaidLanding } from "@/components/paid/paid-landing";
import { LANDING_VARIANTS } from "@/lib/experiments/shared/surfaces";
import { freeLandingMetadata, paidLandingMetadata } from "@/lib/site/server/landing-metadata";

type Props = { params: Promise<{ variant: string }> };

// Both variants render on first request with the run-time configuration; no other is a page.
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
