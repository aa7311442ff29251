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

/** The secret link (path and token) in the latest `template` e-mail to `email`, as the recipient follows it. */
export function emailedLink(email: string, template: string, linkPath: string): string {
  const mail = outboxTo(email)
    .filter((m) => m.template === template)
    .at(-1);
  const token = new RegExp(`${linkPath.replace(/[/?.]/g, "\\$&")}\\?token=([A-Za-z0-9_-]{43})`).exec(
    mail?.text ?? "",
  )?.[1];
  if (!token) throw new Error(`no ${linkPath} link in the ${template} e-mail to ${email}`);
  return `${linkPath}?token=${token}`;
}
