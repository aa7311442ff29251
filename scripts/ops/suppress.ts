// npm run suppress -- <address>…: manual suppression for people who reply "unsubscribe". Hashes
// with the site's key, so it needs the site's configuration. Prints counts only: addresses stay
// out of scrollback and CI logs.
import nextEnv from "@next/env";
import { z } from "zod";
import { withAppDatabase } from "../lib/database";
import { loadConfigOrExit, takeSiteSecretOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const addresses = process.argv.slice(2);
const invalid = addresses.filter((address) => !z.email().safeParse(address.trim()).success).length;
if (!addresses.length || invalid) {
  console.error(
    addresses.length ? `${invalid} argument(s) are not e-mail addresses.` : "Usage: npm run suppress -- <address>…",
  );
  process.exit(2);
}
takeSiteSecretOrExit(config, "SUPPRESSION_HASH_KEY", ROOT);

let code = 1;
try {
  const added = await withAppDatabase(config, ROOT, async () => {
    const { suppressAddress } = await import("../../lib/platform/server/mail/suppression-list");
    let count = 0;
    for (const address of addresses) if (await suppressAddress(address, "MANUAL")) count += 1;
    return count;
  });
  console.log(`${added} address(es) added to the suppression list, ${addresses.length - added} already on it.`);
  code = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
}
process.exit(code);
