import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { badRequest, conflict, notFound } from "@/lib/platform/shared/api-error";
import { isUniqueViolation } from "@/lib/platform/shared/db-errors";
import { forgetBumps } from "@/lib/payments/server/read-bumps";

// A bump is published as a version, like a price: orders keep pointing at the version they were
// bought with. Only one-time products take bumps: a subscription's invoices bill the seats' price,
// and a bump there would have to be left out of every renewal again.

export type BumpCopy = { headline: string; description: string; position: number; active: boolean };
export type BumpInput = BumpCopy & ({ productCode: string; bumpProductCode: string } | { bumpId: string });

export type PublishedBump = BumpCopy & {
  bumpId: string;
  versionId: string;
  version: number;
  productCode: string;
  bumpProductCode: string;
};

async function assertBumpable(productCode: string, bumpProductCode: string): Promise<void> {
  if (productCode === bumpProductCode) throw badRequest("A product cannot be its own bump.");
  const products = await getDb().catalogProduct.findMany({ where: { code: { in: [productCode, bumpProductCode] } } });
  if (products.length !== 2) throw notFound("There is no such product in the catalog.");
  if (products.some((p) => p.kind !== "ONE_TIME")) {
    throw badRequest("Bumps go with one-time products only, and are one-time products themselves.");
  }
}

async function nextVersion(bumpId: string, copy: BumpCopy, createdBy: string) {
  const latest = await getDb().catalogBumpVersion.findFirst({
    where: { bumpId },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  if (!latest) throw notFound("There is no such bump in the catalog.");
  return getDb().catalogBumpVersion.create({
    data: { ...copy, bumpId, version: latest.version + 1, createdBy },
    include: { bump: true },
  });
}

async function firstVersion(productCode: string, bumpProductCode: string, copy: BumpCopy, createdBy: string) {
  await assertBumpable(productCode, bumpProductCode);
  // The pair and its first version in one statement: never a bump without words.
  const bump = await getDb().catalogBump.create({
    data: { productCode, bumpProductCode, versions: { create: { ...copy, version: 1, createdBy } } },
    include: { versions: true },
  });
  const [created] = bump.versions;
  if (!created) throw new Error("the bump's first version was not returned");
  return { ...created, bump };
}

export async function publishBump(input: BumpInput, createdBy: string): Promise<PublishedBump> {
  const copy = {
    headline: input.headline,
    description: input.description,
    position: input.position,
    active: input.active,
  };
  try {
    const created =
      "bumpId" in input
        ? await nextVersion(input.bumpId, copy, createdBy)
        : await firstVersion(input.productCode, input.bumpProductCode, copy, createdBy);
    return {
      ...copy,
      bumpId: created.bumpId,
      versionId: created.id,
      version: created.version,
      productCode: created.bump.productCode,
      bumpProductCode: created.bump.bumpProductCode,
    };
  } catch (error) {
    // Two publishes at once: the second would replace words its author never saw.
    if (isUniqueViolation(error)) {
      throw conflict(
        "bumpId" in input
          ? "Another change to this bump was published at the same moment. Reload and try again."
          : "This product already offers that bump: change the one listed.",
      );
    }
    throw error;
  } finally {
    // This instance offers the change at once; others within CATALOG_CACHE_MS.
    forgetBumps();
  }
}
