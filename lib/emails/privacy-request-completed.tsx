import { Text } from "@react-email/components";
import { EmailLayout, FinePrint } from "./email-layout";

// No name: the stored copy outlives an erasure.

export type PrivacyRequestCompletedParams = {
  message: string;
  requestId: string;
  providerName: string;
  providerEmail: string;
};

export function PrivacyRequestCompleted(params: PrivacyRequestCompletedParams) {
  return (
    <EmailLayout look="roomy" preview="Your privacy request is complete." heading="Your privacy request is complete">
      <Text>Hello,</Text>
      <Text>{params.message}</Text>
      <Text>Your reference: {params.requestId}</Text>
      <FinePrint>
        Questions, or not happy with our answer? Reply to {params.providerEmail} and we will look at it again.{" "}
        {params.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
