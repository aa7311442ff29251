import type { BuyerSubscription } from "@/lib/billing/server/read-buyer-subscriptions";
import { billingDate, cardWords, subscriptionWords } from "@/lib/billing/shared/billing-rules";
import { formatUsd } from "@/lib/shared/money";
import { CancellationButton } from "@/components/billing/cancellation-button";
import { CardUpdateForm } from "@/components/billing/card-update-form";
import { SeatChangeForm } from "@/components/billing/seat-change-form";

// One card per subscription, stacked as the orders are, so nothing scrolls sideways on a phone.

function renewalLine(sub: BuyerSubscription): string {
  const end = sub.currentPeriodEnd ? billingDate(sub.currentPeriodEnd) : null;
  if (sub.status === "canceled") return "This subscription has ended.";
  if (sub.cancelAtPeriodEnd) return `Ends ${end ?? "at the end of the period"}; it will not renew.`;
  const credit = Math.min(sub.credit, sub.nextAmount);
  const amount = credit
    ? `${formatUsd(sub.nextAmount - credit)} (${formatUsd(sub.nextAmount)} less your ${formatUsd(credit)} credit)`
    : formatUsd(sub.nextAmount);
  return end ? `Renews ${end} for ${amount}.` : `Renews monthly for ${amount}.`;
}

export function SubscriptionList({ subscriptions }: { subscriptions: BuyerSubscription[] }) {
  if (subscriptions.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading" className="text-2xl font-extrabold tracking-tight">
        Your subscriptions
      </h2>
      <ul className="mt-4 flex flex-col gap-4" aria-label="Your subscriptions">
        {subscriptions.map((sub) => (
          <li
            key={sub.id}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            data-subscription={sub.id}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="min-w-0 text-lg font-bold break-words">{sub.productName}</h3>
              <span
                className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold"
                data-testid="subscription-status"
              >
                {sub.cancelAtPeriodEnd && sub.status === "active" ? "ending" : subscriptionWords(sub.status)}
              </span>
            </div>
            <p className="mt-2 text-slate-800">
              {sub.seats} seat{sub.seats === 1 ? "" : "s"}
            </p>
            <p className="text-slate-800" data-testid="subscription-renewal">
              {renewalLine(sub)}
            </p>
            {sub.overdue ? (
              <p className="mt-1 font-semibold text-red-800">
                A renewal of {formatUsd(sub.overdue.amount)} could not be charged. Update your card to pay it.
              </p>
            ) : null}
            <p className="text-slate-600">Card: {cardWords(sub.card)}</p>
            {sub.status === "active" || sub.status === "past_due" ? (
              <div className="mt-4 flex flex-wrap gap-3 print:hidden">
                {sub.status === "active" || sub.cancelAtPeriodEnd ? (
                  <CancellationButton subscriptionId={sub.id} cancel={!sub.cancelAtPeriodEnd} />
                ) : null}
              </div>
            ) : null}
            {sub.seatRange ? (
              <details className="mt-4 print:hidden">
                <summary className="cursor-pointer font-semibold text-brand">Change seats</summary>
                <SeatChangeForm
                  subscriptionId={sub.id}
                  seats={sub.seats}
                  min={sub.seatRange.min}
                  max={sub.seatRange.max}
                />
              </details>
            ) : null}
            {sub.cardForm ? (
              <details className="mt-4 print:hidden" open={sub.overdue !== null && sub.status === "past_due"}>
                <summary className="cursor-pointer font-semibold text-brand">Update card</summary>
                <CardUpdateForm target={{ subscriptionId: sub.id }} stripeKey={sub.cardForm.stripeKey} />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
