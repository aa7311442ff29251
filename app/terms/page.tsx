import type { Metadata } from "next";
import { OptInTerms } from "@/components/legal/opt-in-terms";
import { getConfig } from "@/lib/platform/server/config";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/terms",
    title: "Opt-In Terms",
    description: `The terms of the free Fast Forward book offer and of purchases from ${getConfig().PROVIDER_NAME}: what you agree to, guarantees and refunds.`,
  });
}

export default function TermsPage() {
  const { PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_EMAIL } = getConfig();
  return <OptInTerms provider={{ name: PROVIDER_NAME, address: PROVIDER_ADDRESS, email: PROVIDER_EMAIL }} />;
}
