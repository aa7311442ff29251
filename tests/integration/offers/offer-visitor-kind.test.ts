import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { offerVisitorKind } from "@/lib/offers/server/offer-visitor-kind";
import { createPaymentIntent } from "@/lib/payments/server/create-payment-intent";
import { createPaymentIntentSchema } from "@/lib/payments/shared/schemas";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";
import { registeredVisitor } from "@/tests/support/visitor";

// How the offer page tells a free-book reader from a $7 book buyer, and that the reader is never
// served the add-to-order variant that would bill the book.

const browserOf = async (contactId: string) =>
  (await getDb().funnelSession.findUniqueOrThrow({ where: { id: contactId } })).browserId;

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("the offer's visitor kind", () => {
  it("an opt-in without a book order is a free-book reader; a $7 book order makes a book buyer", async () => {
    const reader = await registeredVisitor();
    const browserId = await browserOf(reader.contactId);
    expect(await offerVisitorKind(browserId)).toBe("free_book");

    const input = createPaymentIntentSchema.parse({
      contactId: reader.contactId,
      email: reader.email,
      name: "Grace Hopper",
      productId: "fast-forward-book",
      quantity: 1,
    });
    const intent = await createPaymentIntent(input, { browserId });
    expect(await offerVisitorKind(browserId)).toBe("book_buyer");

    // A failed payment is no purchase.
    await getDb().order.update({ where: { id: intent.transactionId }, data: { status: "FAILED" } });
    expect(await offerVisitorKind(browserId)).toBe("free_book");
  });

  it("a free-book reader configured into add-to-order still sees the countdown offer", async () => {
    forgetSurfaceState();
    const reader = await registeredVisitor();
    const browserId = await browserOf(reader.contactId);
    const kind = await offerVisitorKind(browserId);
    const shown = await resolveSurfaceVariant("offer", { browserId, userAgent: CHROME, kind }, "add-to-order");
    expect(shown.variant).toBe("countdown");
  });
});
