import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { ApiError } from "@/lib/platform/shared/api-error";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions, type RenewalCounts } from "@/lib/payments/server/renew-demo-subscriptions";
import { gatewayMode } from "@/lib/payments/server/select-gateway";

// Demo mode only: moves the demo clock on and runs the billing run at once, so what fell due is
// billed before the answer (the scheduled job would find it within minutes anyway). Audited.

export const advanceDemoTimeSchema = z.strictObject({ days: z.number().int().min(1).max(366) });

export type AdvancedDemoTime = { now: string; renewals: RenewalCounts };

export async function advanceDemoTime(
  days: number,
  actor: { operatorId: string | null; ip: string | null; via: "console" | "command" },
): Promise<AdvancedDemoTime> {
  if (gatewayMode() !== "demo") throw new ApiError("not_found", "The demo clock exists in demo mode only.");
  const now = await advanceDemoClock(days);
  await recordAudit({
    operatorId: actor.operatorId,
    action: "demo.advance_clock",
    targetType: "demo_clock",
    details: { days, now: now.toISOString(), via: actor.via },
    ip: actor.ip,
  });
  return { now: now.toISOString(), renewals: await renewDemoSubscriptions({ now }) };
}
