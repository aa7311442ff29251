import { Section, Text } from "@react-email/components";
import { EmailLayout, FinePrint, QuestionsLine, SpacedAction } from "./email-layout";

// Transactional mail. A plain-text button renders as label and address, so no second fallback
// line that would print the address twice.

export type BookingEmailKind = "confirmed" | "moved" | "canceled";

export type BookingEmailProps = {
  kind: BookingEmailKind;
  firstName: string;
  eventType: string;
  when: string;
  zone: string;
  link: string;
  providerName: string;
  providerEmail: string;
};

export function bookingSubject(kind: BookingEmailKind, eventType: string, when: string): string {
  if (kind === "canceled") return `Cancelled: your ${eventType} on ${when}`;
  if (kind === "moved") return `Moved: your ${eventType} is now on ${when}`;
  return `Booked: your ${eventType} on ${when}`;
}

const HEADINGS: Record<BookingEmailKind, string> = {
  confirmed: "Your call is booked",
  moved: "Your call has moved",
  canceled: "Your call is cancelled",
};

export function BookingEmail(props: BookingEmailProps) {
  const greeting = props.firstName ? `Hi ${props.firstName},` : "Hi there,";
  const live = props.kind !== "canceled";
  return (
    <EmailLayout
      look="roomy"
      preview={bookingSubject(props.kind, props.eventType, props.when)}
      heading={HEADINGS[props.kind]}
      headingSize={24}
    >
      <Text>{greeting}</Text>
      <Text>
        {live
          ? `Your free ${props.eventType} with ${props.providerName} is booked for:`
          : `Your ${props.eventType} with ${props.providerName} has been cancelled. It was booked for:`}
      </Text>
      <Section style={{ backgroundColor: "#f1f5f9", borderRadius: "8px", padding: "12px 16px" }}>
        <Text style={{ fontSize: "18px", fontWeight: 700, margin: 0 }}>{props.when}</Text>
        <Text style={{ margin: "4px 0 0", color: "#475569" }}>Time zone: {props.zone}</Text>
      </Section>
      <Text>
        {live
          ? "We will call you on the phone number you gave us. The calendar invitation is attached: open it to add the call to your calendar."
          : "The attached update removes the call from your calendar. We would still love to talk: pick a new time whenever it suits you."}
      </Text>
      <SpacedAction href={props.link}>{live ? "Move or cancel your call" : "Book a new time"}</SpacedAction>
      <FinePrint>
        <QuestionsLine providerEmail={props.providerEmail} providerName={props.providerName} />
      </FinePrint>
    </EmailLayout>
  );
}
