import type { Metadata } from "next";
import { CheckoutShell, PaymentsUnavailable } from "@/components/checkout/checkout-shell";
import { TeamCheckout } from "@/components/checkout/team-checkout";
import { getConfig } from "@/lib/platform/server/config";
import { getCurrentVisitor } from "@/lib/leads/server/current-visitor";
import { findProduct, type Product } from "@/lib/payments/server/catalog";
import { toSummary } from "@/lib/payments/server/product-summary";
import { clampSeats } from "@/lib/payments/shared/seat-debounce";
import { checkoutGatewayProps } from "@/lib/payments/server/select-gateway";
import { TEAM, discountPercent } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";

// ?seats=1..50[&product=team-training-test][&legal=modal]; legal=modal continues to
// /payment-success-metadata.

export const metadata: Metadata = { title: "Team training checkout", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function TeamCheckoutPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const productId = params.product === "team-training-test" ? "team-training-test" : "team-training-seat";
  const product = await findProduct(productId);
  const seats = clampSeats(
    Number(typeof params.seats === "string" ? params.seats : 1) || 1,
    product?.minQuantity,
    product?.maxQuantity,
  );
  const gateway = checkoutGatewayProps();
  const visitor = await getCurrentVisitor();
  const contact = visitor?.contact;

  return (
    <CheckoutShell title="Realtime AI Academy — team training" wide>
      {product ? <SeatPrice product={product} /> : null}
      {!product ? (
        <p role="alert" className="rounded-xl bg-red-50 p-5 text-red-900">
          This product is not available. Please return to the offer and try again.
        </p>
      ) : gateway.refused ? (
        <PaymentsUnavailable />
      ) : (
        <TeamCheckout
          product={toSummary(product)}
          initialSeats={seats}
          prefill={{
            firstName: contact?.firstName ?? "",
            lastName: contact?.lastName ?? "",
            email: contact?.email ?? "",
          }}
          legalModal={params.legal === "modal"}
          providerName={getConfig().PROVIDER_NAME}
          mode={gateway.mode}
          publishableKey={gateway.publishableKey}
        />
      )}
    </CheckoutShell>
  );
}

/** The catalog's current price, as charged: this page is rendered per visitor. */
function SeatPrice({ product }: { product: Product }) {
  const normal = product.regularAmount;
  return (
    <p className="-mt-3 mb-6 text-slate-600">
      {formatUsd(product.unitAmount)} per seat per month
      {normal !== null && normal > product.unitAmount ? (
        <>
          {" "}
          <s className="text-slate-600">{formatUsd(normal)}</s> —{" "}
          {`${discountPercent(product.unitAmount, normal)}% off`}
        </>
      ) : null}
      . {TEAM.roiGuaranteeDays}-day ROI guarantee.
    </p>
  );
}
