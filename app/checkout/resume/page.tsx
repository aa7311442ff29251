import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { CheckoutShell, PaymentsUnavailable } from "@/components/checkout/checkout-shell";
import { ResumeCheckout } from "@/components/checkout/resume-checkout";
import { RECOVERY_LINK_DAYS } from "@/lib/payments/server/recovery-token";
import { resumableCheckout } from "@/lib/payments/server/resume-checkout";
import { checkoutGatewayProps } from "@/lib/payments/server/select-gateway";

// A bad or expired link, or an order paid or ended meanwhile, gets a page that says so, never an error.

export const metadata: Metadata = { title: "Complete your purchase", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
      <p className="font-semibold">{title}</p>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  );
}

const linkClass = "font-semibold text-brand underline underline-offset-2";

function restartPath(productId: string): string {
  return productId.startsWith("team-training")
    ? `/checkout-realtime-academy-metadata?product=${productId}`
    : `/checkout?product=${productId}`;
}

export default async function ResumeCheckoutPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const gateway = checkoutGatewayProps();
  if (gateway.refused) {
    return (
      <CheckoutShell title="Complete your purchase">
        <PaymentsUnavailable />
      </CheckoutShell>
    );
  }
  const resume = await resumableCheckout(typeof params.token === "string" ? params.token : "");
  switch (resume.kind) {
    case "ready":
      return (
        <CheckoutShell title="Complete your purchase" wide>
          <ResumeCheckout
            intent={{
              clientSecret: resume.clientSecret,
              paymentIntentId: resume.paymentIntentId,
              ...(resume.subscriptionId ? { subscriptionId: resume.subscriptionId } : {}),
              contactId: resume.contactId,
              transactionId: resume.transactionId,
              amount: resume.amount,
              ...(resume.discount ? { discountAmount: resume.discount.amount, couponCode: resume.discount.code } : {}),
              productId: resume.product.id,
              quantity: resume.quantity,
            }}
            email={resume.email}
            product={resume.product}
            bumps={resume.bumps}
            mode={gateway.mode}
            publishableKey={gateway.publishableKey}
          />
        </CheckoutShell>
      );
    case "paid":
      return (
        <CheckoutShell title="Already paid">
          <Notice title="This order has already been paid.">
            Thank you! Your login details and receipt were sent by e-mail. Questions? Reply to that e-mail.
          </Notice>
        </CheckoutShell>
      );
    case "ended":
      return (
        <CheckoutShell title="Checkout expired">
          <Notice title="This checkout can no longer be completed.">
            <Link className={linkClass} href={restartPath(resume.productId)}>
              Start a new checkout
            </Link>
          </Notice>
        </CheckoutShell>
      );
    case "unavailable":
      return (
        <CheckoutShell title="Complete your purchase">
          <Notice title="We could not load your order right now.">
            The payment provider did not answer. Please open the link from your e-mail again in a few minutes.
          </Notice>
        </CheckoutShell>
      );
    case "invalid":
      return (
        <CheckoutShell title="Link not valid">
          <Notice title="This link is not valid or has expired.">
            Links in our reminder e-mails work for {RECOVERY_LINK_DAYS} days.{" "}
            <Link className={linkClass} href="/">
              Back to the home page
            </Link>
          </Notice>
        </CheckoutShell>
      );
  }
}
