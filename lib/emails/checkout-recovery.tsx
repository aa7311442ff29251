import { Body, Button, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";

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
    <Html lang="en">
      <Head />
      <Preview>Your order is saved: finish your purchase in one step.</Preview>
      <Body style={{ fontFamily: "Arial, sans-serif", backgroundColor: "#f8fafc", color: "#0f172a" }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: 24, backgroundColor: "#ffffff" }}>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            Your order is waiting
          </Heading>
          <Text>Hi {props.firstName || "there"},</Text>
          <Text>
            You started buying {props.productName} ({props.totalLabel}) but the payment was not completed. We saved your
            order, so you can pick up where you left off.
          </Text>
          <Button
            href={props.resumeUrl}
            style={{
              backgroundColor: "#2563eb",
              color: "#ffffff",
              padding: "12px 20px",
              borderRadius: "8px",
              fontWeight: 700,
            }}
          >
            Complete my purchase
          </Button>
          <Text style={{ fontSize: "14px", color: "#475569" }}>
            The link works for {props.linkDays} days. If you already paid or changed your mind, you can ignore this
            e-mail. Questions? Reply to {props.providerEmail}. {props.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
