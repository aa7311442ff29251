import type { Metadata } from "next";
import { PrivacyPolicy } from "@/components/legal/privacy-policy";
import { getConfig } from "@/lib/platform/server/config";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/privacy",
    title: "Privacy Policy",
    description: `How ${getConfig().PROVIDER_NAME} collects, uses, shares and protects your personal information, and how to exercise your privacy rights.`,
  });
}

export default function PrivacyPage() {
  const { PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_EMAIL } = getConfig();
  return <PrivacyPolicy provider={{ name: PROVIDER_NAME, address: PROVIDER_ADDRESS, email: PROVIDER_EMAIL }} />;
}
