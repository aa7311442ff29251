import { Text } from "@react-email/components";
import { ActionButton, EmailLayout, FinePrint } from "./email-layout";

// Marketing. The link resumes the same order, so nothing has to be typed again.

export type CheckoutRecoveryProps = {
  firstName: string;
  productName: string;
  totalLabel: string;
  resumeUrl: string;
  linkDays: number;
  providerName: string;
  providerEmail: string;
};

export function checkoutRecoverySubject(productName: string): string {
  return `Your ${productName} order is waiting for you`;
}

export function CheckoutRecovery(props: CheckoutRecoveryProps) {
  return (
    <EmailLayout
      look="plain"
      preview="Your order is saved: finish your purchase in one step."
      heading="Your order is waiting"
      headingSize={22}
    >
      <Text>Hi {props.firstName || "there"},</Text>
      <Text>
        You started buying {props.productName} ({props.totalLabel}) but the payment was not completed. We saved your
        order, so you can pick up where you left off.
      </Text>
      <ActionButton href={props.resumeUrl} color="#2563eb">
        Complete my purchase
      </ActionButton>
      <FinePrint>
        The link works for {props.linkDays} days. If you already paid or changed your mind, you can ignore this e-mail.
        Questions? Reply to {props.providerEmail}. {props.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
