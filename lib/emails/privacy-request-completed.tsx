import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";

// No name: the stored copy outlives an erasure.

export type PrivacyRequestCompletedParams = {
  message: string;
  requestId: string;
  providerName: string;
  providerEmail: string;
};

export function PrivacyRequestCompleted(params: PrivacyRequestCompletedParams) {
  return (
    <Html lang="en">
      <Head />
      <Preview>Your privacy request is complete.</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            Your privacy request is complete
          </Heading>
          <Text>Hello,</Text>
          <Text>{params.message}</Text>
          <Text>Your reference: {params.requestId}</Text>
          <Text style={{ fontSize: "14px", color: "#475569" }}>
            Questions, or not happy with our answer? Reply to {params.providerEmail} and we will look at it again.{" "}
            {params.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
