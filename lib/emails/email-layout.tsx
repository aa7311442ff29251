import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

// Two looks: "plain" for receipts and digests, "roomy" for the mails a person acts on.
type Look = "plain" | "roomy";

const BODY: Record<Look, CSSProperties> = {
  plain: { fontFamily: "Arial, sans-serif", backgroundColor: "#f8fafc", color: "#0f172a" },
  roomy: { backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" },
};

const containerStyle = (look: Look, width: number): CSSProperties =>
  look === "plain"
    ? { maxWidth: width, margin: "0 auto", padding: 24, backgroundColor: "#ffffff" }
    : { maxWidth: `${width}px`, margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" };

function headingStyle(look: Look, size: number | undefined): CSSProperties | undefined {
  if (look === "roomy") return { fontSize: `${size ?? 22}px`, margin: "0 0 16px" };
  return size === undefined ? undefined : { fontSize: `${size}px` };
}

type LayoutProps = {
  look: Look;
  preview?: string;
  heading: ReactNode;
  headingSize?: number;
  width?: number;
  children: ReactNode;
};

export function EmailLayout({ look, preview, heading, headingSize, width = 560, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      {preview === undefined ? null : <Preview>{preview}</Preview>}
      <Body style={BODY[look]}>
        <Container style={containerStyle(look, width)}>
          <Heading as="h1" style={headingStyle(look, headingSize)}>
            {heading}
          </Heading>
          {children}
        </Container>
      </Body>
    </Html>
  );
}

export function FinePrint({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: "14px", color: "#475569" }}>{children}</Text>;
}

export function QuestionsLine({ providerEmail, providerName }: { providerEmail: string; providerName: string }) {
  return (
    <>
      Questions? Write to {providerEmail}. — {providerName}
    </>
  );
}

// The funnel mails' call to action; SpacedAction is the red one set apart from the text.
export function ActionButton({ href, color, children }: { href: string; color: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{ backgroundColor: color, color: "#ffffff", padding: "12px 20px", borderRadius: "8px", fontWeight: 700 }}
    >
      {children}
    </Button>
  );
}

export function SpacedAction(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "24px 0" }}>
      <ActionButton href={props.href} color="#dc2626">
        {props.children}
      </ActionButton>
    </Section>
  );
}
