import type { Metadata } from "next";
import { BillingLinkForm } from "@/components/billing/billing-link-form";
import { BillingSignOut } from "@/components/billing/billing-sign-out";
import { OrderList } from "@/components/billing/order-list";
import { SubscriptionList } from "@/components/billing/subscription-list";
import { pageBuyer } from "@/lib/billing/server/page-buyer";
import { buyerOrders } from "@/lib/billing/server/read-buyer-orders";
import { buyerSubscriptions } from "@/lib/billing/server/read-buyer-subscriptions";

// The buyer's own orders and receipts, after signing in by an e-mailed link (docs/decisions/0038).

export const metadata: Metadata = {
  title: "Your orders and receipts",
  robots: { index: false, follow: false },
};

export default async function BillingPage() {
  const buyer = await pageBuyer();
  if (!buyer) {
    return (
      <main id="main" className="mx-auto w-full max-w-2xl px-5 py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight">Your orders and receipts</h1>
        <p className="mt-3 text-slate-700">
          Enter the e-mail address you bought with. We will send you a link that opens your orders; no password needed.
        </p>
        <BillingLinkForm />
      </main>
    );
  }
  const [orders, subscriptions] = await Promise.all([buyerOrders(buyer.email), buyerSubscriptions(buyer.email)]);
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-5 py-12 sm:py-16">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Your orders</h1>
        <BillingSignOut />
      </div>
      <p className="mt-2 break-all text-slate-700">Signed in as {buyer.email}</p>
      <SubscriptionList subscriptions={subscriptions} />
      <OrderList orders={orders} />
    </main>
  );
}
