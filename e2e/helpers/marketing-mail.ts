import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { databaseUrl, query } from "./funnel";
import { pollUntil } from "./poll";

// A marketing e-mail to `to`, queued by the app's own code against the test server's database and
// secrets (enqueue-mail.ts), then delivered to the outbox by the server's worker. The template
// is not in lib/platform/shared/email-kinds.ts, so it counts as marketing.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ROOT = path.resolve(import.meta.dirname, "../..");

export type OutboxMail = { status: string; html: string; text: string; headers: Record<string, string> };

export function enqueueMarketingMail(to: string, template = "newsletter-test"): string {
  const dataDir = path.join(ROOT, `.test-data/e2e-${PORT}`);
  const output = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "e2e/helpers/enqueue-mail.ts"), template, to],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(PORT),
        SESSION_SECRET: readFileSync(path.join(dataDir, "session-secret"), "utf8").trim(),
        SITE_URL: `http://localhost:${PORT}`,
      },
    },
  );
  return output.trim().split("\n").at(-1) ?? "";
}

/** The row once the worker has settled it (LOGGED in the outbox, or SUPPRESSED). */
export async function settledMail(id: string): Promise<OutboxMail> {
  const [row] = await pollUntil(
    () => query<OutboxMail>("SELECT status, html, text, headers FROM outgoing_emails WHERE id = $1", [id]),
    ([mail]) => expect(["LOGGED", "SUPPRESSED"]).toContain(mail?.status),
    20_000,
  );
  return row!;
}
