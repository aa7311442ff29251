import { describe, expect, it } from "vitest";
import { generateMetadata as offerMetadata } from "@/app/offer/page";
import { publishPrice } from "@/lib/payments/server/publish-price";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

// The sales copy shows the catalog's current prices, so it never promises what checkout does not charge.

describe("the sales copy's prices", () => {
  it("are the seeded catalog's: $7 of $47.97, $497 of $3,997, $500 of $2,000 a seat", async () => {
    expect(await readSalesPrices()).toEqual({
      book: { normalPrice: 4797, paidPrice: 700 },
      course: { regularPrice: 399_700, offerPrice: 49_700 },
      team: { seatPrice: 50_000, normalSeatPrice: 200_000 },
    });
  });

  it("follow a published price, in the page text as in the charge", async () => {
    await publishPrice(
      { productCode: "ai-step-by-step", unitAmount: 39_700, referenceAmount: 399_700, minQuantity: 1, maxQuantity: 1 },
      "operator-1",
    );
    expect((await readSalesPrices()).course).toEqual({ regularPrice: 399_700, offerPrice: 39_700 });
    expect((await offerMetadata()).title).toBe("AI Step By Step — the course for $397");
  });
});
