import "server-only";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { previewMarketingEmail, renderMarketingEmail, siteLinks } from "@/lib/lifecycle/server/render-marketing-email";
import { SAMPLE_LEAD, testSubject, type MarketingDraftInput } from "@/lib/lifecycle/shared/marketing-draft";
import type { RenderedMarketingEmail } from "@/lib/lifecycle/server/render-marketing-email";

// An operator's draft as a reader would get it, merged with a sample lead: shown in the composer,
// or sent to the operator's own address. A test names no lead and no step, and its template is
// left out of the e-mail report, so it never counts as a sequence's e-mail.

export const TEST_SEND_TEMPLATE = "marketing-test";

/** The preview's footer is signed for a reader who does not exist, so its link unsubscribes nobody real. */
const PREVIEW_READER = "reader@example.com";

const sampleValues = () => ({ ...SAMPLE_LEAD, ...siteLinks() });

const asDraft = (input: MarketingDraftInput) => ({
  subject: input.subject,
  preheader: input.preheader,
  markdown: input.markdown,
});

export function previewDraft(input: MarketingDraftInput): Promise<RenderedMarketingEmail> {
  return previewMarketingEmail(asDraft(input), sampleValues(), PREVIEW_READER);
}

/** Queues the draft to `to` through the mailer, which adds the footer and unsubscribe headers. */
export async function sendTestEmail(input: MarketingDraftInput, to: string): Promise<string> {
  const rendered = await renderMarketingEmail(asDraft(input), sampleValues());
  return enqueueEmail({
    template: TEST_SEND_TEMPLATE,
    to,
    subject: testSubject(rendered.subject),
    html: rendered.html,
    text: rendered.text,
  });
}
