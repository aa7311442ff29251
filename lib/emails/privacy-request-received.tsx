import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";

export type PrivacyRequestReceivedParams = {
  name: string;
  requestLabel: string;
  requestId: string;
  respondBy: string;
  providerName: string;
  providerEmail: string;
};

export const PRIVACY_REQUEST_SUBJECT = "We received your privacy request";

export function PrivacyRequestReceived(params: PrivacyRequestReceivedParams) {
  return (
    <Html lang="en">
      <Head />
      <Preview>We received your privacy request and will answer by {params.respondBy}.</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            We received your privacy request
          </Heading>
          <Text>Hi {params.name},</Text>
          <Text>
            You asked us to: {params.requestLabel}. We will verify your identity and answer by {params.respondBy}.
          </Text>
          <Text>Your reference: {params.requestId}</Text>
          <Text style={{ fontSize: "14px", color: "#475569" }}>
            If you did not send this request, reply to {params.providerEmail} and we will look into it.{" "}
            {params.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
