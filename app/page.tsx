// / — the landing page: the free book offer (spec §2 "Landing page"), or the $7 page for visitors
// a landing split test assigns to "paid" (issue 13; lib/experiments/server/landing-variant.ts).
import type { Metadata } from "next";
import { FreeLanding } from "@/components/landing/free-landing";
import { PaidLanding } from "@/components/paid/paid-landing";
import { landingVariant } from "@/lib/experiments/server/landing-variant";
import { freeLandingMetadata, paidLandingMetadata } from "@/lib/site/server/landing-metadata";

export async function generateMetadata(): Promise<Metadata> {
  return (await landingVariant()) === "paid" ? paidLandingMetadata("/") : freeLandingMetadata();
}

export default async function HomePage() {
  return (await landingVariant()) === "paid" ? <PaidLanding path="/" /> : <FreeLanding />;
}
