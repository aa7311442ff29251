import type { Metadata } from "next";
import { EmailLinkPage } from "@/components/site/email-link-page";

// The privacy request's verification link.

export const metadata: Metadata = {
  title: "Confirm your privacy request",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VerifyPrivacyRequestPage({ searchParams }: PageProps) {
  return (
    <EmailLinkPage
      rawToken={(await searchParams).token}
      title="Confirm your privacy request"
      intro="Press the button to confirm that you sent this request from this e-mail address. Only then can we act on it."
      brokenLinkText="Please use the link in the e-mail we sent about your request, or send the request again."
      action={{
        endpoint: "/api/privacy-request/verify",
        label: "Confirm my request",
        doneTitle: "Thank you, your request is confirmed.",
        doneText: "We will answer by the date in our e-mail.",
      }}
    />
  );
}
