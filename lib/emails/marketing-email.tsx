import { Markdown } from "@react-email/components";
import { EmailLayout } from "./email-layout";

// A marketing e-mail written by an operator: the Markdown arrives merged and escaped (raw HTML is
// text by then); the mailer adds the legal footer to every marketing e-mail.

export type MarketingEmailProps = { heading: string; preheader: string; markdown: string };

export function MarketingEmail({ heading, preheader, markdown }: MarketingEmailProps) {
  return (
    <EmailLayout look="roomy" preview={preheader || undefined} heading={heading}>
      <Markdown
        markdownContainerStyles={{ fontSize: "16px", lineHeight: "1.6" }}
        markdownCustomStyles={{ link: { color: "#2563eb" }, h1: { fontSize: "22px" }, h2: { fontSize: "19px" } }}
      >
        {markdown}
      </Markdown>
    </EmailLayout>
  );
}
