import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";

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
    <Html lang="en">
      <Head />
      <Preview>{bookingSubject(props.kind, props.eventType, props.when)}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}>
          <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 16px" }}>
            {HEADINGS[props.kind]}
          </Heading>
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
          <Section style={{ margin: "24px 0" }}>
            <Button
              href={props.link}
              style={{
                backgroundColor: "#dc2626",
                color: "#ffffff",
                padding: "12px 20px",
                borderRadius: "8px",
                fontWeight: 700,
              }}
            >
              {live ? "Move or cancel your call" : "Book a new time"}
            </Button>
          </Section>
          <Text style={{ color: "#475569", fontSize: "14px" }}>
            Questions? Write to {props.providerEmail}. — {props.providerName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
