import { runAsServer } from "./funnel";
import { PORT } from "../ports";

// The outbox as a provider would get it, through `npm run outbox` run as the test server (its
// database and secret): secret-link e-mails are sealed at rest, so their raw columns are empty.

export type OpenedMail = {
  id: string;
  template: string;
  status: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
  headers: Record<string, string>;
};

/** Every message to `address`, oldest first. */
export function outboxTo(address: string, port = PORT): OpenedMail[] {
  const output = runAsServer(port, "scripts/ops/outbox.ts", [address, "--json"]);
  return JSON.parse(output.trim().split("\n").at(-1) ?? "[]") as OpenedMail[];
}
