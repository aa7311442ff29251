import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";

// A lead and a marketing e-mail with links, for click tracking and the e-mail report. "spring-sale"
// is not a known template, so the mailer treats it as marketing without a secret link.

export const PROMO_TEMPLATE = "spring-sale";

export async function createLead(options: { createdAt?: Date; gpc?: boolean } = {}) {
  const tag = randomUUID().slice(0, 8);
  const email = `reader-${tag}@example.test`;
  const lead = await getDb().prospect.create({
    data: { email, name: `Reader ${tag}`, firstName: "Reader", lastName: tag, createdAt: options.createdAt },
  });
  if (options.gpc) {
    await getDb().funnelSession.create({
      data: { id: `gpc-${tag}`, browserId: `b-gpc-${tag}`, prospectId: lead.id, gpcOptOut: true },
    });
  }
  return { id: lead.id, email };
}

export const promoHtml = (site: string) =>
  `<html><body><p><a href="${site}/offer?utm_source=email&amp;utm_campaign=spring">See the offer</a></p>` +
  `<p><a href="https://blog.example/tips">Read the tips</a> or <a href="mailto:help@example.test">write</a>.</p>` +
  `</body></html>`;

export const promoText = (site: string) =>
  `See the offer: ${site}/offer?utm_source=email&utm_campaign=spring\nRead the tips: https://blog.example/tips\n`;

/** The /r/ tokens of an e-mail's HTML, in order. */
export function clickTokens(html: string): string[] {
  return [...html.matchAll(/href="[^"]*\/r\/([^"]+)"/g)].map((m) => m[1]!);
}
