import type { Metadata } from "next";
import { headers } from "next/headers";
import { CheckoutShell, PaymentsUnavailable } from "@/components/checkout/checkout-shell";
import { SimpleCheckout } from "@/components/checkout/simple-checkout";
import { getCurrentVisitor } from "@/lib/leads/server/current-visitor";
import { findProduct } from "@/lib/payments/server/catalog";
import { offeredBumps } from "@/lib/payments/server/choose-bumps";
import { toSummary } from "@/lib/payments/server/product-summary";
import { checkoutGatewayProps } from "@/lib/payments/server/select-gateway";
import { priceForBrowser } from "@/lib/payments/server/experiment-price";
import { isPrefetch } from "@/lib/experiments/server/first-visit-browser";

// Name and e-mail come from the cookie-bound registration, never from the URL. Per request: the
// price and bumps are this browser's split-test variants, as create-payment-intent will charge them.

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function CheckoutPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const productId = typeof params.product === "string" ? params.product : "fast-forward-book";
  const listed = await findProduct(productId);
  if (!listed || listed.interval !== "one_time") {
    return (
      <CheckoutShell title="Checkout">
        <p role="alert" className="rounded-xl bg-red-50 p-5 text-red-900">
          This product is not available. Please return to the offer and try again.
        </p>
      </CheckoutShell>
    );
  }
  const visitor = await getCurrentVisitor();
  const requestHeaders = await headers();
  const preview = typeof params.preview === "string" ? params.preview : undefined;
  const tested = {
    browserId: visitor?.browserId ?? null,
    userAgent: requestHeaders.get("user-agent"),
    prefetch: isPrefetch(requestHeaders),
    preview,
  };
  const { product } = await priceForBrowser(listed, tested);
  const wantsUpsell = params.upsell === "true" || params.upsellAccepted === "true" || params.includeUpsell === "true";
  const bumps = (await offeredBumps(product, tested)).map(({ bump, product: item }) => ({
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
          {...(preview ? { experimentPreview: preview } : {})}
          plan={product.plan && { instalments: product.plan.instalments, amount: product.plan.amount }}
        />
      )}
    </CheckoutShell>
  );
}
