// Internal: proxy.ts rewrites /checkout-realtime-academy here for a browser whose price test gives it another price, so
// each price is one cached copy (docs/decisions/0039-per-variant-priced-pages.md); requested directly, a 404.
import CheckoutRealtimeAcademyPage, { generateMetadata as metadataOf } from "@/app/checkout-realtime-academy/page";
import { pricedPageCopy } from "@/lib/site/server/priced-page-copy";

const copy = pricedPageCopy(CheckoutRealtimeAcademyPage, metadataOf);
export const { generateStaticParams, generateMetadata } = copy;
export default copy.Page;
