import type { Metadata } from "next";
import { SmsPhoneTerms } from "@/components/legal/sms-terms";
import { getConfig } from "@/lib/platform/server/config";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  const { PROVIDER_NAME } = getConfig();
  return pageMetadata({
    path: "/sms-phone-terms",
    title: `SMS/Phone Opt-In Terms | ${PROVIDER_NAME}`,
    absoluteTitle: true,
    description: `How you consent to calls and text messages from ${PROVIDER_NAME}, what you will receive, and how to opt out at any time by replying STOP.`,
  });
}

export default function SmsPhoneTermsPage() {
  const { PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_EMAIL } = getConfig();
  return <SmsPhoneTerms provider={{ name: PROVIDER_NAME, address: PROVIDER_ADDRESS, email: PROVIDER_EMAIL }} />;
}
