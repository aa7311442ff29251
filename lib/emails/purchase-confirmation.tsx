import { Body, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";

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
};

export function PurchaseConfirmation(props: PurchaseConfirmationProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>Your {props.productName} purchase is confirmed</Preview>
      <Body style={{ fontFamily: "Arial, sans-serif", backgroundColor: "#f8fafc", color: "#0f172a" }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: 24, backgroundColor: "#ffffff" }}>
          <Heading as="h1">Payment Successful</Heading>
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
          <Text>
            Questions? Write to {props.providerEmail}. — {props.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
