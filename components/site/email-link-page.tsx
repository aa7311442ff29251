import type { ReactNode } from "react";
import { EmailLinkAction } from "@/components/site/email-link-action";
import { EmailLinkPanel } from "@/components/site/email-link-panel";
import { LINK_TOKEN_PATTERN } from "@/lib/platform/shared/link-token-pattern";

// A page an e-mailed link opens: it acts only when the reader presses its button, with the link's
// token as the only key (never logged).

type Props = {
  rawToken: string | string[] | undefined;
  title: string;
  intro: ReactNode;
  brokenLinkText: string;
  action: { endpoint: string; label: string; doneTitle: string; doneText: string };
};

export function EmailLinkPage({ rawToken, title, intro, brokenLinkText, action }: Props) {
  const token = typeof rawToken === "string" && LINK_TOKEN_PATTERN.test(rawToken) ? rawToken : null;
  if (!token) {
    return (
      <EmailLinkPanel title="This link does not work">
        <p>{brokenLinkText}</p>
      </EmailLinkPanel>
    );
  }
  return (
    <EmailLinkPanel title={title}>
      <p>{intro}</p>
      <EmailLinkAction token={token} {...action} />
    </EmailLinkPanel>
  );
}
