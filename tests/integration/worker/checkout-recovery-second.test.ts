import { describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { sendRecoveryEmails } from "@/lib/payments/server/checkout-recovery";
import { Browser, buyer } from "../payments/helpers";
import { backdateOrder, minutesBefore, orderEmails } from "./helpers";

// With CHECKOUT_RECOVERY_SECOND_HOURS=24 an order still unpaid a day after its first recovery
// e-mail gets a second one, and never a third. (Configuration is read on first use, below.)
process.env.CHECKOUT_RECOVERY_SECOND_HOURS = "24";

const NOW = new Date();
const HOUR_MS = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);

describe("checkout recovery with a second e-mail configured", () => {
  it("sends the second 24 hours after the first, then no more", async () => {
    const created = await new Browser().call<{ transactionId: string }>(
      createIntent,
      "/api/create-payment-intent",
      buyer("fast-forward-book"),
    );
    const orderId = created.body.transactionId;
    await backdateOrder(orderId, minutesBefore(NOW, 61));

    expect((await sendRecoveryEmails(NOW)).sent).toBe(1);
    expect((await sendRecoveryEmails(at(23))).sent).toBe(0);
    expect((await sendRecoveryEmails(at(24))).sent).toBe(1);
    expect((await sendRecoveryEmails(at(24))).sent).toBe(0);
    expect((await sendRecoveryEmails(at(48))).sent).toBe(0);
    expect(await orderEmails(orderId, "checkout-recovery")).toHaveLength(2);
  });
});
