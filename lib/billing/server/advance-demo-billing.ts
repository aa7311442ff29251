import "server-only";
import { advanceDemoTime, type AdvancedDemoTime } from "@/lib/payments/server/advance-demo-time";
import { sweepDunning, type DunningCounts } from "@/lib/billing/server/sweep-dunning";

// The demo clock moved on bills what fell due (payments) and then takes the dunning steps that fell
// due (billing, which payments cannot call), so both are done before the answer.

export type AdvancedDemoBilling = AdvancedDemoTime & { dunning: DunningCounts };

export async function advanceDemoBilling(
  days: number,
  actor: Parameters<typeof advanceDemoTime>[1],
): Promise<AdvancedDemoBilling> {
  const advanced = await advanceDemoTime(days, actor);
  return { ...advanced, dunning: await sweepDunning({ now: new Date(advanced.now) }) };
}
