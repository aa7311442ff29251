import type { Metadata } from "next";
import { EmailLinkPage } from "@/components/site/email-link-page";

// The welcome e-mail's confirmation link.

export const metadata: Metadata = {
  title: "Confirm your e-mail address",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConfirmEmailPage({ searchParams }: PageProps) {
  return (
    <EmailLinkPage
      rawToken={(await searchParams).token}
      title="Confirm your e-mail address"
      intro="Press the button if you just signed up for Fast Forward with this address. We then keep the answers you gave together with your details. If it was not you, close this page: nothing changes."
      brokenLinkText="Please use the link in your latest e-mail from us."
      action={{
        endpoint: "/api/confirm-email",
        label: "Confirm it was me",
        doneTitle: "Thank you, your address is confirmed.",
        doneText: "Your answers are now kept with your details.",
      }}
    />
  );
}
