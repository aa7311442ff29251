import type { Metadata } from "next";
import { EmailLinkAction } from "@/components/site/email-link-action";
import { EmailLinkPanel } from "@/components/site/email-link-panel";
import { LINK_TOKEN_PATTERN } from "@/lib/platform/shared/link-token-pattern";

// The welcome e-mail's confirmation link. The token is the only key; it is never logged.

export const metadata: Metadata = {
  title: "Confirm your e-mail address",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConfirmEmailPage({ searchParams }: PageProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && LINK_TOKEN_PATTERN.test(raw) ? raw : null;
  if (!token) {
    return (
      <EmailLinkPanel title="This link does not work">
        <p>Please use the link in your latest e-mail from us.</p>
      </EmailLinkPanel>
    );
  }
  return (
    <EmailLinkPanel title="Confirm your e-mail address">
      <p>
        Press the button if you just signed up for Fast Forward with this address. We then keep the answers you gave
        together with your details. If it was not you, close this page: nothing changes.
      </p>
      <EmailLinkAction
        endpoint="/api/confirm-email"
        token={token}
        label="Confirm it was me"
        doneTitle="Thank you, your address is confirmed."
        doneText="Your answers are now kept with your details."
      />
    </EmailLinkPanel>
  );
}
