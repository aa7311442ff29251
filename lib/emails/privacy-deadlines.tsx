import { Heading, Section, Text } from "@react-email/components";
import { EmailLayout, FinePrint } from "./email-layout";

// Ids, types and dates only; the details stay in the database.

export type DeadlineLine = { id: string; requestType: string; status: string; respondBy: string; days: number };

export type PrivacyDeadlinesProps = {
  day: string;
  overdue: DeadlineLine[];
  dueSoon: DeadlineLine[];
  providerName: string;
};

export function privacyDeadlinesSubject(overdue: number, dueSoon: number): string {
  return `Privacy requests: ${overdue} overdue, ${dueSoon} due within 7 days`;
}

const dayCount = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

function when(days: number): string {
  if (days === 0) return "due today";
  return days < 0 ? `${dayCount(-days)} late` : `in ${dayCount(days)}`;
}

function Lines({ title, lines }: { title: string; lines: DeadlineLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={{ fontSize: "18px" }}>
        {title}
      </Heading>
      {lines.map((line) => (
        <Text key={line.id} style={{ margin: "4px 0" }}>
          {line.respondBy} ({when(line.days)}) · {line.requestType} · status {line.status} · {line.id}
        </Text>
      ))}
    </Section>
  );
}

export function PrivacyDeadlines(props: PrivacyDeadlinesProps) {
  return (
    <EmailLayout look="plain" heading={<>Privacy requests to answer ({props.day})</>} headingSize={22} width={640}>
      <Text>
        Each request must be answered within 45 days of its arrival. Move a request&apos;s status to completed, closed,
        denied or withdrawn in privacy_requests once it is answered.
      </Text>
      <Lines title="Overdue" lines={props.overdue} />
      <Lines title="Due within 7 days" lines={props.dueSoon} />
      <FinePrint>{props.providerName} · daily privacy-request digest</FinePrint>
    </EmailLayout>
  );
}
