import { Text } from "@react-email/components";
import { EmailLayout, FinePrint, SpacedAction } from "./email-layout";

export type PrivacyRequestReceivedParams = {
  name: string;
  requestLabel: string;
  requestId: string;
  respondBy: string;
  providerName: string;
  providerEmail: string;
  /** Confirms the requester holds this address; nothing is exported or erased before. */
  verifyUrl: string;
  verifyDays: number;
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
        You asked us to: {params.requestLabel}. We will answer by {params.respondBy}. First, please confirm that this is
        your e-mail address, so that nobody else can see or delete your information. The link works for{" "}
        {params.verifyDays} days; without it we cannot act on the request.
      </Text>
      <SpacedAction href={params.verifyUrl}>Confirm my request</SpacedAction>
      <FinePrint>If the button does not work, copy this address into your browser: {params.verifyUrl}</FinePrint>
      <Text>Your reference: {params.requestId}</Text>
      <FinePrint>
        If you did not send this request, do not press the button; reply to {params.providerEmail} and we will look into
        it. {params.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
