import type { Metadata } from "next";
import Link from "next/link";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
import { EmailLinkPanel } from "@/components/site/email-link-panel";
import { unsubscribeView } from "@/lib/platform/server/mail/unsubscribe-view";
import { UNSUBSCRIBE_LIFETIME_DAYS } from "@/lib/platform/server/mail/unsubscribe-token";
import { getConfig } from "@/lib/platform/server/config";

// No login, no cookie: the signed token is the key, and it is never logged. POSTs go to
// /api/unsubscribe through proxy.ts.

export const metadata: Metadata = {
  title: "Unsubscribe",
  description: "Stop receiving marketing e-mails from us.",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UnsubscribePage({ searchParams }: PageProps) {
  const raw = (await searchParams).token;
  const view = await unsubscribeView(typeof raw === "string" ? raw : undefined);
  const { PROVIDER_NAME, PROVIDER_EMAIL } = getConfig();
  const writeToUs = (
    <a href={`mailto:${PROVIDER_EMAIL}?subject=unsubscribe`} className="font-semibold text-brand-dark underline">
      {PROVIDER_EMAIL}
    </a>
  );
  const stillSent = "E-mails about your orders, your account and calls you booked still reach you.";

  switch (view.state) {
    case "confirm":
      return (
        <EmailLinkPanel title="Unsubscribe from marketing e-mails">
          <p>
            Press the button to stop marketing e-mails from {PROVIDER_NAME} to the address this e-mail was sent to.{" "}
            {stillSent}
          </p>
          <form method="post" action={`/unsubscribe?token=${encodeURIComponent(view.token)}`} className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <input type="hidden" name="via" value="page" />
            <button type="submit" className={CTA_PRIMARY}>
              Unsubscribe
            </button>
          </form>
        </EmailLinkPanel>
      );
    case "unsubscribed":
      return (
        <EmailLinkPanel title="You are unsubscribed">
          <p>
            We will not send marketing e-mails to this address again. {stillSent} Changed your mind? Write to{" "}
            {writeToUs}.
          </p>
          <Link href="/" className="mt-6 inline-block font-semibold text-brand-dark underline">
            Back to the home page
          </Link>
        </EmailLinkPanel>
      );
    case "expired":
      return (
        <EmailLinkPanel title="This unsubscribe link has expired">
          <p>
            Unsubscribe links work for {UNSUBSCRIBE_LIFETIME_DAYS} days after the e-mail is sent. Use the link at the
            bottom of a more recent e-mail, or write to {writeToUs} and we will unsubscribe you.
          </p>
        </EmailLinkPanel>
      );
    case "unavailable":
      return (
        <EmailLinkPanel title="We could not unsubscribe you just now">
          <p>Please try again in a few minutes, or write to {writeToUs} and we will unsubscribe you.</p>
        </EmailLinkPanel>
      );
    default:
      return (
        <EmailLinkPanel title="This unsubscribe link does not work">
          <p>
            Please use the link at the bottom of a recent e-mail from us, or write to {writeToUs} and we will
            unsubscribe you.
          </p>
        </EmailLinkPanel>
      );
  }
}
