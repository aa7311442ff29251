// npm run outbox -- <address> [--json]: the messages to an address, opened as a provider gets them.
// Secret-link e-mails are sealed at rest, so reading their links takes the site's secret. Stop
// npm start first when using the embedded database.
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { z } from "zod";
import { withAppDatabase } from "../lib/database";
import { loadConfigOrExit, takeSiteSecretOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const usage = "Usage: npm run outbox -- <address> [--json]";
let address: string;
let json = false;
try {
  const { values, positionals } = parseArgs({ options: { json: { type: "boolean" } }, allowPositionals: true });
  const parsed = z.email().safeParse(positionals[0]?.trim());
  if (!parsed.success || positionals.length !== 1) throw new Error("Give one e-mail address.");
  address = parsed.data;
  json = values.json ?? false;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
takeSiteSecretOrExit(config, "SESSION_SECRET", ROOT);

let code = 1;
try {
  const mails = await withAppDatabase(config, ROOT, async () => {
    const { getDb } = await import("../../lib/platform/server/db");
    const { storedBody } = await import("../../lib/platform/server/mail/mailer");
    const rows = await getDb().outgoingEmail.findMany({
      where: { recipient: { equals: address, mode: "insensitive" } },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((row) => ({
      id: row.id,
      template: row.template,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      subject: row.subject,
      ...storedBody(row),
    }));
  });
  if (json) console.log(JSON.stringify(mails));
  else {
    for (const mail of mails)
      console.log(`--- ${mail.createdAt} ${mail.template} ${mail.status}: ${mail.subject}\n${mail.text}\n`);
    console.log(`${mails.length} message(s).`);
  }
  code = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
}
process.exit(code);
