// Internal: proxy.ts rewrites /paid here for a browser whose price test gives it another price, so
// each price is one cached copy (docs/decisions/0039-per-variant-priced-pages.md); requested directly, a 404.
import PaidPage, { generateMetadata as metadataOf } from "@/app/paid/page";
import { pricedPageCopy } from "@/lib/site/server/priced-page-copy";

const copy = pricedPageCopy(PaidPage, metadataOf);
export const { generateStaticParams, generateMetadata } = copy;
export default copy.Page;
