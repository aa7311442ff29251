import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { stepColumn, type OpenStep } from "@/lib/payments/server/read-offer-chain";

// The take rate's denominator: a step counts as shown once per first order, however often the
// page is reloaded, so the key is the one its child order and its decline have.

export async function recordOfferView(parentOrderId: string, step: OpenStep): Promise<void> {
  await getDb().offerView.createMany({
    data: [{ parentOrderId, productCode: step.productCode, step: stepColumn(step.step), offerId: step.offer.id }],
    skipDuplicates: true,
  });
}
