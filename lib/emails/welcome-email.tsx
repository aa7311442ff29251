import { Text } from "@react-email/components";
import { EmailLayout, FinePrint, SpacedAction } from "./email-layout";

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
    <EmailLayout
      look="roomy"
      preview="Your free copy of Fast Forward is ready to download."
      heading="Your free copy of Fast Forward is ready"
      headingSize={24}
    >
      <Text>{greeting}</Text>
      <Text>
        Thanks for requesting Fast Forward. Inside you will find the RACE Framework — Rank, Analyze, Create, Embed — for
        putting AI to work in your company, one process at a time.
      </Text>
      <SpacedAction href={downloadUrl}>Download Fast Forward</SpacedAction>
      <FinePrint>If the button does not work, copy this address into your browser: {downloadUrl}</FinePrint>
    </EmailLayout>
  );
}
