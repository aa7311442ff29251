import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";

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
    <Html lang="en">
      <Head />
      <Preview>Your refund of {props.amountLabel} is on its way</Preview>
      <Body style={{ fontFamily: "Arial, sans-serif", backgroundColor: "#f8fafc", color: "#0f172a" }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: 24, backgroundColor: "#ffffff" }}>
          <Heading as="h1">Refund confirmed</Heading>
          <Text>Hi {props.firstName || "there"},</Text>
          <Text>
            We refunded {props.amountLabel} of your {props.productName} purchase to the card you paid with. Banks
            usually show it within 5–10 business days.
          </Text>
          <Text>
            {props.fullyRefunded
              ? "Your purchase is now fully refunded, so the account that came with it has been closed."
              : `In total ${props.refundedTotalLabel} has been refunded so far; your account stays open.`}
          </Text>
          <Text>Transaction ID: {props.transactionId}</Text>
          <Text>
            Questions? Write to {props.providerEmail}. — {props.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
