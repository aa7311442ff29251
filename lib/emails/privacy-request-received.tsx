import { Text } from "@react-email/components";
import { EmailLayout, FinePrint } from "./email-layout";

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
    <EmailLayout
      look="roomy"
      preview={`We received your privacy request and will answer by ${params.respondBy}.`}
      heading="We received your privacy request"
    >
      <Text>Hi {params.name},</Text>
      <Text>
        You asked us to: {params.requestLabel}. We will verify your identity and answer by {params.respondBy}.
      </Text>
      <Text>Your reference: {params.requestId}</Text>
      <FinePrint>
        If you did not send this request, reply to {params.providerEmail} and we will look into it.{" "}
        {params.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
