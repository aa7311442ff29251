import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { demoPurchase } from "../console/purchase";
import { dunningMails } from "../../support/dunning";

// `npm run demo:clock`, run as the README gives it: the month it moves on bills the renewal, the
// declining card fails, and the day-0 dunning e-mail is rendered and queued by the command itself.

const ROOT = path.resolve(import.meta.dirname, "../../..");

function demoClock(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["STRIPE_SECRET_KEY", "RESEND_API_KEY"]) delete env[key];
  return spawnSync("npm", ["run", "--silent", "demo:clock", "--", ...args], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("npm run demo:clock", () => {
  it("bills the month it moves on and sends the failed renewal's first dunning e-mail", async () => {
    const purchase = await demoPurchase("team-training-seat", 1, undefined, undefined, "4000 0000 0000 0341");
    const moved = demoClock("31");
    expect(moved.stderr).toBe("");
    expect(moved.status).toBe(0);
    expect(moved.stdout).toMatch(/renewals billed: 0 paid, 1 failed/);
    expect(moved.stdout).toMatch(/dunning: 1 opened, 1 e-mails, 0 recovered, 0 ended;/);
    expect((await dunningMails(purchase.orderId)).map((mail) => mail.subject)).toEqual([
      "Your Realtime AI Academy team training payment did not go through",
    ]);
    const subscription = await getDb().subscription.findUniqueOrThrow({ where: { orderId: purchase.orderId } });
    expect(subscription.status).toBe("past_due");
  }, 180_000);
});
