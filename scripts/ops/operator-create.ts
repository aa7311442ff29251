// npm run operator:create -- --email <address> [--name "<name>"]: prints a one-time setup link, also
// for an existing operator (a lost password). Needs the site's configuration; stop npm start first
// when using the embedded database.
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { z } from "zod";
import { openDatabase } from "../lib/database";
import { loadConfigOrExit, takeSiteSecretOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";
import { setupLinkNotes } from "../lib/setup-link-notes";
import { defaultSiteUrl } from "../../lib/platform/server/config";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();

const usage = 'Usage: npm run operator:create -- --email <address> [--name "<name>"]';
let email: string;
let name: string | undefined;
try {
  const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } }, strict: true });
  const parsed = z.email().safeParse(values.email?.trim());
  if (!parsed.success) throw new Error("--email must be an e-mail address.");
  email = parsed.data;
  name = values.name;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}

takeSiteSecretOrExit(config, "ADMIN_AUTH_SECRET", ROOT);

const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.FUNNEL_DATA_DIR });
process.env.DATABASE_URL = db.url;
let code = 1;
try {
  const { createOperator } = await import("../../lib/operators/server/set-up-operator");
  const result = await createOperator({ email, name });
  console.log(
    result.created ? `Operator ${email} created.` : `Operator ${email} exists; earlier setup links no longer work.`,
  );
  console.log(`One-time setup link (valid until ${result.expiresAt.toISOString()}):\n${result.link}`);
  const notes = setupLinkNotes(config.SITE_URL, config.SITE_URL === defaultSiteUrl(config.PORT));
  console.log(notes.join("\n"));
  code = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  const { closeDb } = await import("../../lib/platform/server/db");
  await closeDb();
  await db.stop();
}
process.exit(code);
