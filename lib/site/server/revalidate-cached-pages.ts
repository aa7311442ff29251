import "server-only";
import { revalidatePath } from "next/cache";
import { log } from "@/lib/platform/server/logger";
import { describeError } from "@/lib/platform/shared/describe-error";
import { cachedPageKeys } from "@/lib/site/shared/page-cache";
import { PRICED_ROUTE_PREFIX } from "@/lib/site/shared/priced-pages";

// After a price change this instance renders its cached pages again at their next request; the
// others do within PAGE_REVALIDATE_SECONDS, as each instance keeps its own copy.

export function revalidateCachedPages(): void {
  try {
    for (const page of cachedPageKeys()) revalidatePath(page);
    // Every price-test copy: the catalog's other prices and copy are in them too.
    revalidatePath(PRICED_ROUTE_PREFIX.slice(0, -1), "layout");
  } catch (error) {
    // Outside a Next.js request (a script, a test) there is no page cache to empty.
    log.warn(`[page-cache] not revalidated: ${describeError(error)}`);
  }
}
