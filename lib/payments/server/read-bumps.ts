import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { processCache } from "@/lib/platform/server/process-cache";
import { CATALOG_CACHE_MS } from "@/lib/payments/server/read-catalog";

// The current version of every order bump, active or not, cached per process like the prices:
// a bump published elsewhere reaches this instance within CATALOG_CACHE_MS.

export type CatalogBump = {
  /** The id the checkout sends back in `bumps`. */
  id: string;
  productCode: string;
  bumpProductCode: string;
  /** The catalog_bump_versions row: an order records it. */
  versionId: string;
  version: number;
  headline: string;
  description: string;
  position: number;
  active: boolean;
};

async function loadBumps(): Promise<readonly CatalogBump[]> {
  const bumps = await getDb().catalogBump.findMany({
    include: { versions: { orderBy: { version: "desc" }, take: 1 } },
  });
  return bumps
    .flatMap((bump): CatalogBump[] => {
      const current = bump.versions[0];
      if (!current) return [];
      return [
        {
          id: bump.id,
          productCode: bump.productCode,
          bumpProductCode: bump.bumpProductCode,
          versionId: current.id,
          version: current.version,
          headline: current.headline,
          description: current.description,
          position: current.position,
          active: current.active,
        },
      ];
    })
    .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

const cache = processCache("bumps", CATALOG_CACHE_MS, loadBumps);

/** Every bump's current version, in checkout order. */
export function readBumps(now = Date.now()): Promise<readonly CatalogBump[]> {
  return cache.read(null, now);
}

/** So this instance offers a bump it published itself at once. */
export function forgetBumps(): void {
  cache.forget();
}
