// Its buttons go to the same book checkout as /paid.
import type { Metadata } from "next";
import { PageLoadTracker } from "@/components/landing/page-load-tracker";
import { SalesLetter } from "@/components/paid/sales-letter";
import { PaidHeader } from "@/components/paid/paid-sections";
import { pageMetadata } from "@/lib/site/server/page-metadata";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function generateMetadata(): Promise<Metadata> {
  const prices = await readSalesPrices();
  return pageMetadata({
    path: "/paid-alt",
    title: `A letter to business owners about AI — Fast Forward for ${formatUsd(prices.book.paidPrice)}`,
    absoluteTitle: true,
    description: `Why a 9.2-second task drives 32.7% of your team's value, and how the RACE Framework in Fast Forward helps you win back an hour a day. ${formatUsd(prices.book.paidPrice)} today.`,
  });
}

export default function PaidAltPage() {
  return (
    <>
      <PaidHeader />
      <main id="main">
        <SalesLetter />
      </main>
      <PageLoadTracker page="/paid-alt" />
    </>
  );
}
