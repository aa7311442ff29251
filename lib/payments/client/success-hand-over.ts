import { SUCCESS_STATE_KEY, writeJson, type SuccessState } from "@/lib/payments/client/client-state";
import type { FunnelEventData } from "@/lib/leads/shared/event-catalog";
import { trackAction } from "@/lib/leads/client/track-action";

// One place, so both paths record the same event.

export function handOverToSuccess(
  paid: FunnelEventData["payment_complete"],
  state: SuccessState,
  { countPayment = true }: { countPayment?: boolean } = {},
): void {
  if (countPayment) trackAction("payment_complete", paid);
  writeJson(SUCCESS_STATE_KEY, state);
}
