// Internal: proxy.ts rewrites /offer here for a browser whose price test gives it another price, so
// each price is one cached copy (docs/decisions/0039-per-variant-priced-pages.md); requested directly, a 404.
import OfferPage, { generateMetadata as metadataOf } from "@/app/offer/page";
import { pricedPageCopy } from "@/lib/site/server/priced-page-copy";

const copy = pricedPageCopy(OfferPage, metadataOf);
export const { generateStaticParams, generateMetadata } = copy;
export default copy.Page;
