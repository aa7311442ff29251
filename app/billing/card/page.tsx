import type { Metadata } from "next";
import { CardUpdateForm } from "@/components/billing/card-update-form";
import { EmailLinkPanel } from "@/components/site/email-link-panel";
import { cardLinkView } from "@/lib/billing/server/read-card-link";
import { subscriptionWords } from "@/lib/billing/shared/billing-rules";
import { formatUsd } from "@/lib/shared/money";

// A dunning e-mail's link: one subscription's card, without signing in. Opening it changes nothing;
// only the form's submission does.

export const metadata: Metadata = {
  title: "Update your card",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CardLinkPage({ searchParams }: PageProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : null;
  const view = await cardLinkView(token);
  if (!token || !view) {
    return (
      <EmailLinkPanel title="This link has expired">
        <p>
          Card-update links work for 21 days. <a href="/billing">Sign in to the billing page</a> to update your card.
        </p>
      </EmailLinkPanel>
    );
  }
  return (
    <EmailLinkPanel title="Update your card">
      <p>
        {view.productName}, {view.seats} seat{view.seats === 1 ? "" : "s"}:{" "}
        <span data-testid="subscription-status">{subscriptionWords(view.status)}</span>.
      </p>
      {view.overdueAmount !== null && view.status === "past_due" ? (
        <p className="mt-2 font-semibold">
          A renewal of {formatUsd(view.overdueAmount)} could not be charged. It is paid as soon as you save a card.
        </p>
      ) : null}
      {view.cardForm ? (
        <CardUpdateForm target={{ token }} stripeKey={view.cardForm.stripeKey} />
      ) : (
        <p className="mt-2">This subscription&apos;s card cannot be changed here. Please reply to our e-mail.</p>
      )}
    </EmailLinkPanel>
  );
}
