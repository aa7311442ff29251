import { BackLink } from "@/components/console/back-link";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { RefusedNote } from "@/components/console/refused-note";
import { can } from "@/lib/operators/shared/permissions";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { orderDetail } from "@/lib/console/server/order-detail";
import { formatUsd } from "@/lib/shared/money";
import { planLabel } from "@/lib/payments/shared/payment-plan";
import { PLAN_RULE_LABELS } from "@/components/console/plan-rule-labels";
import { OrderStatusBadge } from "@/components/console/order-status-badge";
import { RefundForm } from "@/components/console/refund-form";
import { CancelSubscriptionButton } from "@/components/console/cancel-subscription-button";
import { SeatChangeForm } from "@/components/console/seat-change-form";
import { ExclusionControl } from "@/components/console/exclusion-control";
import { ExclusionTag } from "@/components/console/exclusion-tag";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { BillingHistory } from "@/components/console/billing-history";
import { billingHistory } from "@/lib/console/server/billing-history";

// Refund and cancel actions live here (docs/operations.md#operator-console).

export const metadata: Metadata = { title: "Order" };
export const dynamic = "force-dynamic";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded border border-slate-200 p-4" data-testid={testId}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-x-4 py-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireOperator("console.view");
  const { id } = await params;
  const [detail, billing] = await Promise.all([orderDetail(id), billingHistory({ orderId: id })]);
  if (!detail) notFound();
  const { order, refundedAmount, refundableAmount, guarantee, seats, flaggedBy } = detail;
  const when = (date: Date | null | undefined) => formatConsoleTime(date, me.timeZone);
  const subscription = order.subscription;
  const account = order.account;
  const latestToken = order.handoffTokens[0];
  const openDisputes = order.disputes.filter((d) => !["won", "lost", "warning_closed"].includes(d.status));

  return (
    <div className="space-y-4">
      <BackLink href="/admin/orders" label="Orders" />
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold">
          {order.productName}
          {order.quantity > 1 ? ` × ${order.quantity}` : ""}
        </h1>
        <OrderStatusBadge status={order.status} refundedAmount={refundedAmount} />
        <ExclusionTag kind={order.excludedAs} />
        {order.disputes.length > 0 ? (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
            {openDisputes.length > 0 ? "dispute open" : "disputed"}
          </span>
        ) : null}
      </div>

      <Section title="Payment">
        <dl>
          <Row term="Transaction ID">{order.id}</Row>
          <Row term="Created">{when(order.createdAt)}</Row>
          <Row term="Paid (fulfilled)">{when(order.fulfilledAt)}</Row>
          <Row term="Items">
            {order.productName} — {order.quantity} × {formatUsd(order.unitPrice)}
            {order.upsellProductId && order.bumps.length === 0 ? ` (with ${order.upsellProductId})` : ""}
          </Row>
          {order.bumps.map((bump) => (
            <Row key={bump.bumpId} term="Order bump">
              <span data-testid="order-bump">
                {bump.productName} — {formatUsd(bump.amount)} (“{bump.bumpVersion.headline}”, version{" "}
                {bump.bumpVersion.version})
              </span>
            </Row>
          ))}
          <Row term="Total">
            {formatUsd(order.totalAmount)} {order.currency.toUpperCase()}
          </Row>
          <Row term="Refunded">
            <span data-testid="refunded-amount">{formatUsd(refundedAmount)}</span>
            {refundedAmount > 0 && order.status !== "REFUNDED" ? " (partial)" : ""}
          </Row>
          <Row term="Net">
            <span data-testid="net-amount">{formatUsd(order.totalAmount - refundedAmount)}</span>
          </Row>
          <Row term="Gateway">{order.gateway}</Row>
          <Row term="Payment ID">{order.providerPaymentId ?? "—"}</Row>
          {order.providerCustomerId ? <Row term="Customer ID">{order.providerCustomerId}</Row> : null}
          {order.failureMessage ? <Row term="Last failure">{order.failureMessage}</Row> : null}
        </dl>
      </Section>

      <Section title="Test or spam" testId="exclusion">
        <ExclusionControl
          target="order"
          id={order.id}
          excludedAs={order.excludedAs}
          setBy={flaggedBy && `${flaggedBy}, ${when(order.excludedAt)}`}
          canEdit={can(me.role, "records.flag")}
        />
      </Section>

      <Section title="Buyer">
        <dl>
          <Row term="Name">{order.name}</Row>
          <Row term="E-mail">{order.email}</Row>
          <Row term="Lead">
            {order.prospectId ? (
              <Link href={`/admin/leads/${order.prospectId}`} className="text-blue-700 underline">
                Open the lead
              </Link>
            ) : (
              "No lead (bought without opting in)"
            )}
          </Row>
        </dl>
      </Section>

      {guarantee ? (
        <Section title="Guarantee window" testId="guarantee">
          <p>
            <span className="font-semibold">{guarantee.label}:</span> day {guarantee.daysSincePurchase} of{" "}
            {guarantee.limitDays} since purchase —{" "}
            {guarantee.open ? (
              <span className="text-emerald-800">open, {guarantee.daysLeft} days left</span>
            ) : (
              <span className="text-red-800">closed</span>
            )}
            .
          </p>
        </Section>
      ) : null}

      <Section title="Issued account and contract-setup link" testId="access">
        {account ? (
          <dl>
            <Row term="Login">{account.loginEmail}</Row>
            <Row term="Issued">{when(account.issuedAt)}</Row>
            <Row term="Account">
              {account.revokedAt ? (
                <span className="font-semibold text-red-800">revoked {when(account.revokedAt)}</span>
              ) : (
                <span className="text-emerald-800">active</span>
              )}
            </Row>
            <Row term="Hand-off tokens">
              {order.handoffTokens.length} issued
              {latestToken
                ? `; latest ${latestToken.revokedAt ? "revoked" : latestToken.expiresAt > detail.now ? "valid" : "expired"}`
                : ""}
            </Row>
          </dl>
        ) : (
          <p className="text-slate-600">Nothing issued yet.</p>
        )}
      </Section>

      <Section title="Refunds" testId="refunds">
        {order.refunds.length === 0 ? (
          <p className="text-slate-600">No refunds.</p>
        ) : (
          <ul className="space-y-2">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="text-sm" data-testid="refund-row">
                <span className="font-semibold">{formatUsd(refund.amount)}</span> on {when(refund.createdAt)} —{" "}
                {refund.source === "console" ? "from the console" : "at the payment provider"}
                {refund.reason ? `: “${refund.reason}”` : ""}{" "}
                <span className="text-slate-500 [overflow-wrap:anywhere]">({refund.providerRefundId})</span>
              </li>
            ))}
          </ul>
        )}
        {/* Still rendered after the last refund, so the form's "Refunded …" notice survives the refresh. */}
        {refundableAmount > 0 || order.refunds.length > 0 ? (
          <div className={refundableAmount > 0 ? "mt-4 border-t border-slate-100 pt-4" : "mt-3"}>
            {refundableAmount > 0 ? (
              <p className="mb-2 text-sm text-slate-600">{formatUsd(refundableAmount)} left to refund.</p>
            ) : null}
            {can(me.role, "orders.refund") ? (
              <RefundForm
                orderId={order.id}
                refundable={refundableAmount}
                seats={seats ? { current: seats.current, unitPrice: seats.unitPrice } : null}
              />
            ) : (
              <RefusedNote role={me.role} action="orders.refund" />
            )}
          </div>
        ) : null}
      </Section>

      <Section title="Disputes" testId="disputes">
        {order.disputes.length === 0 ? (
          <p className="text-slate-600">No disputes.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {order.disputes.map((dispute) => (
              <li key={dispute.id}>
                <span className="font-semibold">{formatUsd(dispute.amount)}</span> —{" "}
                {dispute.reason.replaceAll("_", " ")}, status{" "}
                <span className="font-semibold">{dispute.status.replaceAll("_", " ")}</span>, opened{" "}
                {when(dispute.createdAt)} ({dispute.providerDisputeId}). Answer it in the payment provider&apos;s
                dashboard.
              </li>
            ))}
          </ul>
        )}
      </Section>

      {subscription ? (
        <Section title={detail.plan ? "Payment plan" : "Seat subscription"} testId="subscription">
          <dl>
            <Row term="Subscription ID">{subscription.providerSubscriptionId}</Row>
            <Row term="Status">{subscription.status}</Row>
            {detail.plan ? (
              <>
                <Row term="Plan">
                  <span data-testid="payment-plan">
                    {planLabel(detail.plan)}, {PLAN_RULE_LABELS[detail.plan.accessRule]}
                  </span>
                </Row>
                <Row term="Payments made">
                  {detail.plan.paid} of {detail.plan.instalments}
                </Row>
              </>
            ) : null}
            <Row term="Seats">
              <span data-testid="subscription-seats">{subscription.quantity}</span>
              {subscription.quantity !== order.quantity ? ` (bought ${order.quantity})` : ""}
            </Row>
            <Row term="Monthly recurring">
              <span data-testid="subscription-mrr">{formatUsd(detail.mrr)}</span>
            </Row>
            <Row term="Paid period ends">{when(subscription.currentPeriodEnd)}</Row>
            <Row term="Renewal">
              {detail.plan ? (
                `ends by itself after payment ${detail.plan.instalments}`
              ) : subscription.cancelAtPeriodEnd ? (
                <span className="font-semibold text-amber-900">cancelled — ends at the period end</span>
              ) : (
                "renews monthly"
              )}
            </Row>
          </dl>
          {order.seatChanges.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Seat changes">
              {order.seatChanges.map((change) => (
                <li key={change.id} data-testid="seat-change-row">
                  {when(change.appliedAt)}: {change.fromQuantity} →{" "}
                  {change.toQuantity === 0 ? "none (ends at the period end)" : change.toQuantity} seats
                  {change.withRefund ? " with a refund" : ""}: “{change.reason}”
                </li>
              ))}
            </ul>
          ) : null}
          {seats ? (
            <div className="mt-3 border-t border-slate-100 pt-3">
              {can(me.role, "orders.seats") ? (
                <SeatChangeForm
                  orderId={order.id}
                  seats={seats.current}
                  maxSeats={seats.max}
                  unitAmount={seats.unitPrice}
                />
              ) : (
                <RefusedNote role={me.role} action="orders.seats" />
              )}
            </div>
          ) : null}
          {(subscription.status === "active" || subscription.status === "past_due") &&
          !subscription.cancelAtPeriodEnd &&
          (order.status === "SUCCEEDED" || order.status === "REFUNDED") ? (
            <div className="mt-3">
              {can(me.role, "orders.cancel") ? (
                <CancelSubscriptionButton
                  orderId={order.id}
                  periodEnd={subscription.currentPeriodEnd ? when(subscription.currentPeriodEnd) : null}
                />
              ) : (
                <RefusedNote role={me.role} action="orders.cancel" />
              )}
            </div>
          ) : null}
        </Section>
      ) : null}
      <BillingHistory events={billing} zone={me.timeZone} currentOrderId={order.id} />
    </div>
  );
}
