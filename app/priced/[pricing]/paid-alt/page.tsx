// Internal: proxy.ts rewrites /paid-alt here for a browser whose price test gives it another price, so
// each price is one cached copy (docs/decisions/0039-per-variant-priced-pages.md); requested directly, a 404.
import PaidAltPage, { generateMetadata as metadataOf } from "@/app/paid-alt/page";
import { pricedPageCopy } from "@/lib/site/server/priced-page-copy";

const copy = pricedPageCopy(PaidAltPage, metadataOf);
export const { generateStaticParams, generateMetadata } = copy;
export default copy.Page;
