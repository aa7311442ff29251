import type { Metadata } from "next";
import { PaidLanding } from "@/components/paid/paid-landing";
import { paidLandingMetadata } from "@/lib/site/server/landing-metadata";

export function generateMetadata(): Promise<Metadata> {
  return paidLandingMetadata("/paid");
}

export default function PaidPage() {
  return <PaidLanding path="/paid" />;
}
