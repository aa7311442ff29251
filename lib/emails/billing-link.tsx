import { Text } from "@react-email/components";
import { EmailLayout, FinePrint, SpacedAction } from "./email-layout";

export type BillingLinkParams = {
  signInUrl: string;
  minutes: number;
  providerName: string;
  providerEmail: string;
};

export const BILLING_LINK_SUBJECT = "Your link to your orders and receipts";

export function BillingLinkEmail(params: BillingLinkParams) {
  return (
    <EmailLayout look="roomy" preview="Open your orders and receipts" heading="Your orders and receipts">
      <Text>
        Someone asked to see the orders placed with this e-mail address. The link below opens them; it works once, for{" "}
        {params.minutes} minutes.
      </Text>
      <SpacedAction href={params.signInUrl}>See my orders</SpacedAction>
      <FinePrint>If the button does not work, copy this address into your browser: {params.signInUrl}</FinePrint>
      <FinePrint>
        If you did not ask for this, ignore this e-mail: nobody can open your orders without it. Questions:{" "}
        {params.providerEmail}. {params.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
