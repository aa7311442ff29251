import type { Metadata } from "next";
import { EmailLinkAction } from "@/components/site/email-link-action";
import { EmailLinkPanel } from "@/components/site/email-link-panel";
import { LINK_TOKEN_PATTERN } from "@/lib/platform/shared/link-token-pattern";

// The privacy request's verification link. The token is the only key; it is never logged.

export const metadata: Metadata = {
  title: "Confirm your privacy request",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VerifyPrivacyRequestPage({ searchParams }: PageProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && LINK_TOKEN_PATTERN.test(raw) ? raw : null;
  if (!token) {
    return (
      <EmailLinkPanel title="This link does not work">
        <p>Please use the link in the e-mail we sent about your request, or send the request again.</p>
      </EmailLinkPanel>
    );
  }
  return (
    <EmailLinkPanel title="Confirm your privacy request">
      <p>
        Press the button to confirm that you sent this request from this e-mail address. Only then can we act on it.
      </p>
      <EmailLinkAction
        endpoint="/api/privacy-request/verify"
        token={token}
        label="Confirm my request"
        doneTitle="Thank you, your request is confirmed."
        doneText="We will answer by the date in our e-mail."
      />
    </EmailLinkPanel>
  );
}
