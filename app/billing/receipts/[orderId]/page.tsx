import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { ReceiptView } from "@/components/billing/receipt-view";
import { pageBuyer } from "@/lib/billing/server/page-buyer";
import { buyerReceipt } from "@/lib/billing/server/read-buyer-orders";
import { getConfig } from "@/lib/platform/server/config";

// Only the signed-in buyer's own order: any other id is a 404, so ids reveal nothing.

export const metadata: Metadata = {
  title: "Receipt",
  robots: { index: false, follow: false },
};

type PageProps = { params: Promise<{ orderId: string }> };

export default async function ReceiptPage({ params }: PageProps) {
  const buyer = await pageBuyer();
  if (!buyer) redirect("/billing");
  const order = await buyerReceipt(buyer.email, (await params).orderId);
  if (!order) notFound();
  const { PROVIDER_NAME, PROVIDER_EMAIL } = getConfig();
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-5 py-10 print:max-w-none print:p-0">
      <Link href="/billing" className="font-semibold text-brand underline print:hidden">
        ← Your orders
      </Link>
      <div className="mt-4">
        <ReceiptView order={order} sellerName={PROVIDER_NAME} sellerEmail={PROVIDER_EMAIL} buyerEmail={buyer.email} />
      </div>
    </main>
  );
}
