import { expect } from "@playwright/test";
import { query, runAsServer } from "./funnel";
import { pollUntil } from "./poll";

// A marketing e-mail to `to`, queued by the app's own code against the test server's database and
// secrets (enqueue-mail.ts), then delivered to the outbox by the server's worker. The template
// is not in lib/platform/shared/email-kinds.ts, so it counts as marketing.

const PORT = Number(process.env.E2E_PORT ?? 3100);

export type OutboxMail = { status: string; html: string; text: string; headers: Record<string, string> };

export function enqueueMarketingMail(to: string, template = "newsletter-test"): string {
  const output = runAsServer(PORT, "e2e/helpers/enqueue-mail.ts", [template, to]);
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
