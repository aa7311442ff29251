import { Text } from "@react-email/components";
import { EmailLayout, QuestionsLine } from "./email-layout";

// The e-mail says whether the account stays open: a partial refund leaves it.

export type RefundConfirmationProps = {
  firstName: string;
  productName: string;
  amountLabel: string;
  refundedTotalLabel: string;
  fullyRefunded: boolean;
  /** Seats the subscription keeps after the refund removed some; 0: it ends at the period end. */
  seatsLeft: number | null;
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
      {props.seatsLeft === null ? null : (
        <Text>
          {props.seatsLeft === 0
            ? "The refunded seats have been removed, so your subscription ends when the current paid month does and will not renew."
            : `The refunded seats have been removed: your subscription now has ${props.seatsLeft} ${props.seatsLeft === 1 ? "seat" : "seats"}, and that is what it renews with.`}
        </Text>
      )}
      <Text>Transaction ID: {props.transactionId}</Text>
      <Text>
        <QuestionsLine providerEmail={props.providerEmail} providerName={props.providerName} />
      </Text>
    </EmailLayout>
  );
}
