import { beforeAll, describe, expect, it } from "vitest";
import { POST as publishPost } from "@/app/api/admin/catalog/offers/route";
import { getDb } from "@/lib/platform/server/db";
import { listCatalog } from "@/lib/console/server/catalog-list";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";

// An owner publishes the next version of the offer shown after a product's purchase: audited,
// listed as current; a seat subscription or the product just bought cannot be offered.

type Answer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

let owner: SignedInOperator;
beforeAll(async () => {
  owner = await signedInOperator();
});

async function publish(body: unknown, cookie = owner.cookie): Promise<Answer> {
  const response = await publishPost(adminRequest("/api/admin/catalog/offers", { body, cookie }));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const withDownsell = {
  afterProductCode: "fast-forward-book",
  offerProductCode: "ai-step-by-step",
  offerAmount: null,
  headline: "The course",
  body: "Build it with us.",
  downsellProductCode: "ai-step-by-step",
  downsellAmount: 19_700,
  downsellHeadline: "The course, for less",
  downsellBody: "",
};

describe("publishing a post-purchase offer from the console", () => {
  it("makes the next version current, with the downsell, and audits it", async () => {
    const published = await publish(withDownsell);
    expect(published).toMatchObject({ status: 200, body: { afterProductCode: "fast-forward-book", version: 2 } });
    expect(await getDb().auditLog.findFirstOrThrow({ where: { targetType: "catalog_offer" } })).toMatchObject({
      operatorId: owner.operatorId,
      action: "catalog.publish",
      targetId: published.body.offerId,
      details: { version: 2, offerProductCode: "ai-step-by-step", downsellAmount: 19_700 },
    });
    const book = (await listCatalog()).find((p) => p.code === "fast-forward-book")!;
    expect(book.offer).toMatchObject({ version: 2, downsellProductCode: "ai-step-by-step", downsellAmount: 19_700 });
  });

  it("refuses the product just bought, a seat subscription, an unknown product and a downsell without an offer", async () => {
    const refused = [
      { ...withDownsell, offerProductCode: "fast-forward-book" },
      { ...withDownsell, downsellProductCode: "team-training-seat" },
      { ...withDownsell, offerProductCode: "no-such-product" },
      { ...withDownsell, offerProductCode: null },
      { ...withDownsell, offerAmount: 10 },
    ];
    for (const body of refused) {
      const answer = await publish(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await getDb().catalogOffer.count({ where: { afterProductCode: "fast-forward-book" } })).toBe(2);
  });

  it("is refused to operators and read-only operators", async () => {
    for (const role of ["operator", "read_only"] as const) {
      const other = await signedInOperator({ role });
      expect((await publish(withDownsell, other.cookie)).status, role).toBe(403);
    }
  });

  it("never changes a published version", async () => {
    await expect(getDb().catalogOffer.updateMany({ data: { headline: "changed" } })).rejects.toThrow(/never changed/);
    await expect(getDb().catalogOffer.deleteMany({})).rejects.toThrow(/never changed/);
  });
});
