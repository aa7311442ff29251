import { Text } from "@react-email/components";
import { EmailLayout, FinePrint, SpacedAction } from "./email-layout";

export type DunningNoticeKind = "failed" | "reminder" | "last" | "ended";

export type DunningNoticeParams = {
  kind: DunningNoticeKind;
  firstName: string;
  productName: string;
  amountLabel: string;
  /** The day access ends (or ended) if nothing is paid, in words. */
  accessEndsLabel: string;
  /** Demo retries and Stripe's Smart Retries: the card is charged again before the end. */
  retriesLeft: boolean;
  cardUpdateUrl: string;
  providerName: string;
  providerEmail: string;
};

const SUBJECTS: Record<DunningNoticeKind, (p: DunningNoticeParams) => string> = {
  failed: (p) => `Your ${p.productName} payment did not go through`,
  reminder: (p) => `Reminder: your ${p.productName} payment is still due`,
  last: (p) => `Last notice: your ${p.productName} access ends on ${p.accessEndsLabel}`,
  ended: (p) => `Your ${p.productName} subscription has ended`,
};

export function dunningNoticeSubject(params: DunningNoticeParams): string {
  return SUBJECTS[params.kind](params);
}

function nextWords(p: DunningNoticeParams): string {
  if (p.kind === "ended") {
    return "The subscription has ended and its access is closed. Paying the amount due with the link below opens the access again.";
  }
  const retry = p.retriesLeft ? "We will try the card on file again in a few days. " : "";
  return `${retry}If it is not paid by ${p.accessEndsLabel}, the subscription ends and its access with it.`;
}

export function DunningNoticeEmail(p: DunningNoticeParams) {
  const heading = p.kind === "ended" ? "Your subscription has ended" : "Your payment is due";
  return (
    <EmailLayout look="roomy" preview={dunningNoticeSubject(p)} heading={heading}>
      <Text>Hi {p.firstName},</Text>
      <Text>
        We could not charge {p.amountLabel} for your {p.productName} subscription: the card on file was declined.
      </Text>
      <Text>{nextWords(p)}</Text>
      <SpacedAction href={p.cardUpdateUrl}>Update my card</SpacedAction>
      <FinePrint>If the button does not work, copy this address into your browser: {p.cardUpdateUrl}</FinePrint>
      <FinePrint>
        Questions: {p.providerEmail}. {p.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
