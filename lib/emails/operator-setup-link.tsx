import { Body, Button, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";

// The link is the credential.

export type OperatorSetupLinkProps = {
  reason: "invite" | "reset";
  name: string;
  link: string;
  sentBy: string;
  expires: string;
  providerName: string;
};

export function operatorSetupLinkSubject(reason: OperatorSetupLinkProps["reason"], providerName: string): string {
  return reason === "invite"
    ? `You are invited to the ${providerName} console`
    : `Set a new password for the ${providerName} console`;
}

export function OperatorSetupLink(props: OperatorSetupLinkProps) {
  const intro =
    props.reason === "invite"
      ? `${props.sentBy} invited you to the ${props.providerName} operator console.`
      : `${props.sentBy} sent you a link to set a new password for the ${props.providerName} operator console.`;
  return (
    <Html lang="en">
      <Head />
      <Preview>Set your console password (the link works once, for one hour).</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            Set your console password
          </Heading>
          <Text>Hi {props.name},</Text>
          <Text>{intro}</Text>
          <Button
            href={props.link}
            style={{ backgroundColor: "#0f172a", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}
          >
            Set my password
          </Button>
          <Text>
            Or open this address: {props.link}
            <br />
            It works once, until {props.expires}. Earlier links no longer work.
          </Text>
          <Text style={{ fontSize: "14px", color: "#475569" }}>
            Not expecting this? Ignore it; nothing changes until the link is used. {props.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
