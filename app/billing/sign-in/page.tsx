import type { Metadata } from "next";
import { BillingLinkForm } from "@/components/billing/billing-link-form";
import { BillingSignInButton } from "@/components/billing/billing-sign-in-button";
import { EmailLinkPanel } from "@/components/site/email-link-panel";
import { billingLinkUsable } from "@/lib/billing/server/open-billing-link";
import { LINK_TOKEN_PATTERN } from "@/lib/platform/shared/link-token-pattern";

// The billing page's e-mailed link: looking at it spends nothing, the button signs in.

export const metadata: Metadata = {
  title: "Open your orders",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BillingSignInPage({ searchParams }: PageProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && LINK_TOKEN_PATTERN.test(raw) ? raw : null;
  if (!token || !(await billingLinkUsable(token))) {
    return (
      <EmailLinkPanel title="This link has expired or was already used">
        <p>Each link works once, for 30 minutes. Enter your e-mail address to get a new one.</p>
        <BillingLinkForm label="Send me a new link" />
      </EmailLinkPanel>
    );
  }
  return (
    <EmailLinkPanel title="Open your orders">
      <p>Press the button to see your orders and receipts in this browser.</p>
      <BillingSignInButton token={token} />
    </EmailLinkPanel>
  );
}
