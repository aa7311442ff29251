import type { Metadata } from "next";
import { EmailOptInTerms } from "@/components/legal/opt-in-terms";
import { getConfig } from "@/lib/platform/server/config";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/email-terms",
    title: "E-mail Opt-In Terms",
    description: `What you agree to when you give ${getConfig().PROVIDER_NAME} your e-mail address, what we send and how to unsubscribe.`,
  });
}

export default function EmailTermsPage() {
  const { PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_EMAIL } = getConfig();
  return <EmailOptInTerms provider={{ name: PROVIDER_NAME, address: PROVIDER_ADDRESS, email: PROVIDER_EMAIL }} />;
}
