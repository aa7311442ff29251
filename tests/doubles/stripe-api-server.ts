// Runs the Stripe API test double as a process (for the Stripe-mode browser tests):
// node --import tsx tests/doubles/stripe-api-server.ts <port>
import { startStripeDouble } from "./stripe-api";

const port = Number(process.argv[2] ?? 0);
const double = await startStripeDouble(port);
console.log(`Stripe API double listening on ${double.url}`);
const stop = () => void double.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
