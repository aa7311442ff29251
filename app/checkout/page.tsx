import type { Metadata } from "next";
import { CheckoutShell, PaymentsUnavailable } from "@/components/checkout/checkout-shell";
import { SimpleCheckout } from "@/components/checkout/simple-checkout";
import { getCurrentVisitor } from "@/lib/leads/server/current-visitor";
import { findProduct, UPSELL_PRODUCT_ID } from "@/lib/payments/server/catalog";
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
  const upsellProduct = wantsUpsell ? await findProduct(UPSELL_PRODUCT_ID) : null;
  const upsell = upsellProduct && upsellProduct.id !== product.id ? toSummary(upsellProduct) : null;
  const gateway = checkoutGatewayProps();
  const visitor = await getCurrentVisitor();

  return (
    <CheckoutShell title="Checkout" wide>
      {gateway.refused ? (
        <PaymentsUnavailable />
      ) : (
        <SimpleCheckout
          product={toSummary(product)}
          upsell={upsell}
          prefill={{ name: visitor?.contact?.name ?? "", email: visitor?.contact?.email ?? "" }}
          mode={gateway.mode}
          publishableKey={gateway.publishableKey}
        />
      )}
    </CheckoutShell>
  );
}
