import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";

// The e-mail payload of docs/product.md#opt-in.

export type WelcomeEmailParams = {
  to_email: string;
  to_name: string;
  firstName: string;
  lastName: string;
  fullName: string;
  downloadUrl: string;
};

export const WELCOME_SUBJECT = "Your free copy of Fast Forward";

export function WelcomeEmail({ firstName, downloadUrl }: WelcomeEmailParams) {
  const greeting = firstName ? `Hi ${firstName},` : "Hi there,";
  return (
    <Html lang="en">
      <Head />
      <Preview>Your free copy of Fast Forward is ready to download.</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}>
          <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 16px" }}>
            Your free copy of Fast Forward is ready
          </Heading>
          <Text>{greeting}</Text>
          <Text>
            Thanks for requesting Fast Forward. Inside you will find the RACE Framework — Rank, Analyze, Create, Embed —
            for putting AI to work in your company, one process at a time.
          </Text>
          <Section style={{ margin: "24px 0" }}>
            <Button
              href={downloadUrl}
              style={{
                backgroundColor: "#dc2626",
                color: "#ffffff",
                padding: "12px 20px",
                borderRadius: "8px",
                fontWeight: 700,
              }}
            >
              Download Fast Forward
            </Button>
          </Section>
          <Text style={{ fontSize: "14px", color: "#475569" }}>
            If the button does not work, copy this address into your browser: {downloadUrl}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
