import type { Metadata } from "next";
import Link from "next/link";
import { LegalPage } from "@/components/legal/legal-page";
import { PrivacyRequestForm } from "@/components/legal/privacy-request-form";
import { getConfig } from "@/lib/platform/server/config";
import { PRIVACY_RESPONSE_DAYS } from "@/lib/privacy/shared/request-types";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/privacy-request",
    title: "Privacy Request",
    description: `Ask ${getConfig().PROVIDER_NAME} to access, correct or delete your personal information, or to stop using it.`,
  });
}

export default function PrivacyRequestPage() {
  const { PROVIDER_EMAIL } = getConfig();
  return (
    <LegalPage
      title="Privacy Request"
      dates={
        <>
          See our{" "}
          <Link className="font-medium text-brand-dark underline" href="/privacy">
            Privacy Policy
          </Link>{" "}
          for what each right means.
        </>
      }
    >
      <p>
        Tell us which right you want to exercise. We verify your identity before acting and answer within{" "}
        {PRIVACY_RESPONSE_DAYS} days.
      </p>
      <PrivacyRequestForm providerEmail={PROVIDER_EMAIL} />
    </LegalPage>
  );
}
