import { Section, Text } from "@react-email/components";
import { EmailLayout, QuestionsLine } from "./email-layout";

// Never the password, which is shown once on the confirmation page only.

export type PurchaseConfirmationProps = {
  firstName: string;
  productName: string;
  seats: number;
  totalLabel: string;
  loginEmail: string;
  transactionId: string;
  isSubscription: boolean;
  providerName: string;
  providerEmail: string;
  /** The buyer's billing page: orders and receipts, by an e-mailed sign-in link. */
  billingUrl: string;
};

export function PurchaseConfirmation(props: PurchaseConfirmationProps) {
  return (
    <EmailLayout look="plain" preview={`Your ${props.productName} purchase is confirmed`} heading="Payment Successful">
      <Text>Hi {props.firstName || "there"},</Text>
      <Text>
        Thank you for purchasing {props.productName}
        {props.isSubscription ? ` for ${props.seats} team member${props.seats === 1 ? "" : "s"}` : ""}. We received{" "}
        {props.totalLabel}
        {props.isSubscription ? " for the first month" : ""}.
      </Text>
      <Section>
        <Text>
          Your account login: {props.loginEmail}
          <br />
          Your password was shown once on the confirmation page. If you did not save it, reply to this e-mail and we
          will reset it.
        </Text>
        <Text>Transaction ID: {props.transactionId}</Text>
      </Section>
      <Text>Your orders and receipts: {props.billingUrl}</Text>
      <Text>
        <QuestionsLine providerEmail={props.providerEmail} providerName={props.providerName} />
      </Text>
    </EmailLayout>
  );
}
