import { Text } from "@react-email/components";
import { EmailLayout, QuestionsLine } from "./email-layout";

// The e-mail says whether the account stays open: a partial refund leaves it.

export type RefundConfirmationProps = {
  firstName: string;
  productName: string;
  amountLabel: string;
  refundedTotalLabel: string;
  fullyRefunded: boolean;
  transactionId: string;
  providerName: string;
  providerEmail: string;
};

export function RefundConfirmation(props: RefundConfirmationProps) {
  return (
    <EmailLayout look="plain" preview={`Your refund of ${props.amountLabel} is on its way`} heading="Refund confirmed">
      <Text>Hi {props.firstName || "there"},</Text>
      <Text>
        We refunded {props.amountLabel} of your {props.productName} purchase to the card you paid with. Banks usually
        show it within 5–10 business days.
      </Text>
      <Text>
        {props.fullyRefunded
          ? "Your purchase is now fully refunded, so the account that came with it has been closed."
          : `In total ${props.refundedTotalLabel} has been refunded so far; your account stays open.`}
      </Text>
      <Text>Transaction ID: {props.transactionId}</Text>
      <Text>
        <QuestionsLine providerEmail={props.providerEmail} providerName={props.providerName} />
      </Text>
    </EmailLayout>
  );
}
