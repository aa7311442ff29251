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
  /** Only when the address already had a lead: confirming attaches this opt-in's answers to it. */
  confirmUrl?: string;
};

export const WELCOME_SUBJECT = "Your free copy of Fast Forward";

export function WelcomeEmail({ firstName, downloadUrl, confirmUrl }: WelcomeEmailParams) {
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
      {confirmUrl ? (
        <>
          <Text>
            You have signed up with this address before. If this sign-up was you, confirm it so we can keep your answers
            together. The link works for 7 days. If it was not you, ignore this e-mail: nothing changes.
          </Text>
          <SpacedAction href={confirmUrl}>Confirm it was me</SpacedAction>
          <FinePrint>If the button does not work, copy this address into your browser: {confirmUrl}</FinePrint>
        </>
      ) : null}
    </EmailLayout>
  );
}
