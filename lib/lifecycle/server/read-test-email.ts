import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { TEST_SEND_TEMPLATE } from "@/lib/lifecycle/server/send-test-email";
import { testDeliveryState, type TestDeliveryState } from "@/lib/lifecycle/shared/test-delivery";

// Where an operator's test e-mail is: the outbox row's status, then Resend's webhook events. Only
// the operator's own tests: anyone else's e-mail is "not found".

export async function readTestEmail(emailId: string, recipient: string): Promise<TestDeliveryState> {
  const email = await getDb().outgoingEmail.findFirst({
    where: { id: emailId, template: TEST_SEND_TEMPLATE, recipient },
    select: { status: true, events: { select: { type: true }, orderBy: { occurredAt: "asc" } } },
  });
  if (!email) throw new ApiError("not_found", "No such test e-mail.");
  return testDeliveryState(
    email.status,
    email.events.map((event) => event.type),
  );
}
