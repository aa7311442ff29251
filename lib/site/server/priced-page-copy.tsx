import "server-only";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { priceThisRender } from "@/lib/site/server/read-sales-prices";

// A sales page's copy at one price-test price (app/priced/[pricing]/, docs/decisions/0039): the same
// page and metadata, each priced before anything of theirs reads a price.

type Props = { params: Promise<{ pricing: string }> };

export function pricedPageCopy(SalesPage: () => ReactNode | Promise<ReactNode>, metadataOf: () => Promise<Metadata>) {
  return {
    /** None at build time: each copy is rendered and kept on its first request. */
    generateStaticParams: (): { pricing: string }[] => [],
    generateMetadata: async ({ params }: Props): Promise<Metadata> => {
      await priceThisRender(params);
      return await metadataOf();
    },
    Page: async ({ params }: Props): Promise<ReactNode> => {
      await priceThisRender(params);
      return <SalesPage />;
    },
  };
}
