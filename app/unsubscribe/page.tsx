import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
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
        <Panel title="Unsubscribe from marketing e-mails">
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
        </Panel>
      );
    case "unsubscribed":
      return (
        <Panel title="You are unsubscribed">
          <p>
            We will not send marketing e-mails to this address again. {stillSent} Changed your mind? Write to{" "}
            {writeToUs}.
          </p>
          <Link href="/" className="mt-6 inline-block font-semibold text-brand-dark underline">
            Back to the home page
          </Link>
        </Panel>
      );
    case "expired":
      return (
        <Panel title="This unsubscribe link has expired">
          <p>
            Unsubscribe links work for {UNSUBSCRIBE_LIFETIME_DAYS} days after the e-mail is sent. Use the link at the
            bottom of a more recent e-mail, or write to {writeToUs} and we will unsubscribe you.
          </p>
        </Panel>
      );
    case "unavailable":
      return (
        <Panel title="We could not unsubscribe you just now">
          <p>Please try again in a few minutes, or write to {writeToUs} and we will unsubscribe you.</p>
        </Panel>
      );
    default:
      return (
        <Panel title="This unsubscribe link does not work">
          <p>
            Please use the link at the bottom of a recent e-mail from us, or write to {writeToUs} and we will
            unsubscribe you.
          </p>
        </Panel>
      );
  }
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-800 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
        <div className="mt-3 leading-relaxed">{children}</div>
      </div>
    </main>
  );
}
