// node --conditions=react-server --import tsx tests/support/card-link-url.ts <subscription id>
// For browser tests, run as the test server (e2e/helpers/funnel.ts runAsServer): prints the
// card-update link a dunning e-mail would carry for the subscription.
import { cardUpdateUrl } from "@/lib/billing/server/card-update-link";

console.log(cardUpdateUrl(process.argv[2] ?? ""));
