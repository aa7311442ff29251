// npm run demo:clock -- [days]: moves the demo gateway's clock on by `days` (1–366), bills every
// subscription period that fell due and sends the dunning and lifecycle e-mails now due; without
// `days` it prints the clock. Demo mode only (no STRIPE_SECRET_KEY). Stop npm start first when using
// the embedded database. Loaded as the worker is (not react-server), whose React renders e-mails.
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { withAppDatabase } from "../lib/database";
import { loadConfigOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const usage = "Usage: npm run demo:clock -- [days]";
let days: number | null = null;
try {
  const { positionals } = parseArgs({ options: {}, allowPositionals: true });
  if (positionals.length > 1) throw new Error("Give at most one number of days.");
  if (positionals[0] !== undefined) {
    days = Number(positionals[0]);
    if (!Number.isInteger(days) || days < 1 || days > 366) throw new Error("days must be a whole number, 1 to 366.");
  }
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
if (config.STRIPE_SECRET_KEY) {
  console.error(
    "STRIPE_SECRET_KEY is set: Stripe bills the renewals (use a Stripe test clock); there is no demo clock.",
  );
  process.exit(2);
}

let code = 1;
try {
  await withAppDatabase(config, ROOT, async () => {
    const { demoNow } = await import("../../lib/payments/server/demo-clock");
    if (days === null) {
      console.log(`demo clock: ${(await demoNow()).toISOString()}`);
      return;
    }
    const { advanceDemoBilling } = await import("../../lib/billing/server/advance-demo-billing");
    const { now, renewals, dunning } = await advanceDemoBilling(days, { operatorId: null, ip: null, via: "command" });
    const { sweepLifecycle } = await import("../../lib/lifecycle/server/sweep-lifecycle");
    const lifecycle = await sweepLifecycle();
    console.log(
      `demo clock: ${now}; renewals billed: ${renewals.paid} paid, ${renewals.failed} failed, ` +
        `${renewals.ended} ended at period end; dunning: ${dunning.opened} opened, ${dunning.notices} e-mails, ` +
        `${dunning.recovered} recovered, ${dunning.ended} ended` +
        (dunning.failures ? `, ${dunning.failures} failed` : "") +
        `; lifecycle: ${lifecycle.enrolled} enrolled, ${lifecycle.sent} e-mails` +
        (lifecycle.failures ? `, ${lifecycle.failures} failed` : ""),
    );
  });
  code = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
}
process.exit(code);
