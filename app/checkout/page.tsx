import type { Metadata } from "next";
import { CheckoutShell, PaymentsUnavailable } from "@/components/checkout/checkout-shell";
import { SimpleCheckout } from "@/components/checkout/simple-checkout";
import { getCurrentVisitor } from "@/lib/leads/server/current-visitor";
import { findProduct } from "@/lib/payments/server/catalog";
import { offeredBumps } from "@/lib/payments/server/choose-bumps";
import { toSummary } from "@/lib/payments/server/product-summary";
import { checkoutGatewayProps } from "@/lib/payments/server/select-gateway";

// Name and e-mail come from the cookie-bound registration, never from the URL.

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function CheckoutPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const productId = typeof params.product === "string" ? params.product : "fast-forward-book";
  const product = await findProduct(productId);
  if (!product || product.interval !== "one_time") {
    return (
      <CheckoutShell title="Checkout">
        <p role="alert" className="rounded-xl bg-red-50 p-5 text-red-900">
          This product is not available. Please return to the offer and try again.
        </p>
      </CheckoutShell>
    );
  }
  const wantsUpsell = params.upsell === "true" || params.upsellAccepted === "true" || params.includeUpsell === "true";
  const bumps = (await offeredBumps(product)).map(({ bump, product: item }) => ({
    id: bump.id,
    headline: bump.headline,
    description: bump.description,
    name: item.name,
    unitAmount: item.unitAmount,
    regularAmount: item.regularAmount,
  }));
  // The add-to-order offer's yes is the first bump, ticked.
  const initialBumps = wantsUpsell && bumps[0] ? [bumps[0].id] : [];
  const gateway = checkoutGatewayProps();
  const visitor = await getCurrentVisitor();

  return (
    <CheckoutShell title="Checkout" wide>
      {gateway.refused ? (
        <PaymentsUnavailable />
      ) : (
        <SimpleCheckout
          product={toSummary(product)}
          bumps={bumps}
          initialBumps={initialBumps}
          prefill={{ name: visitor?.contact?.name ?? "", email: visitor?.contact?.email ?? "" }}
          mode={gateway.mode}
          publishableKey={gateway.publishableKey}
        />
      )}
    </CheckoutShell>
  );
}
