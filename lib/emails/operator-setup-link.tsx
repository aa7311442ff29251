import { Button, Text } from "@react-email/components";
import { EmailLayout, FinePrint } from "./email-layout";

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
    <EmailLayout
      look="roomy"
      preview="Set your console password (the link works once, for one hour)."
      heading="Set your console password"
    >
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
      <FinePrint>Not expecting this? Ignore it; nothing changes until the link is used. {props.providerName}</FinePrint>
    </EmailLayout>
  );
}
