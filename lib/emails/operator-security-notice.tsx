import { Text } from "@react-email/components";
import { EmailLayout, FinePrint } from "./email-layout";

// Tells an operator about a change to how they sign in, so one they did not make is noticed.
// It carries no link: a forged copy has nothing to click.

export type OperatorSecurityChange =
  | { kind: "factor_added"; factor: "passkey" | "totp"; label?: string }
  | { kind: "factor_removed"; factor: "passkey" | "totp"; label?: string }
  | { kind: "factors_reset"; passkeys: number; totp: boolean }
  | { kind: "operator_removed"; by: string };

export type OperatorSecurityNoticeProps = {
  name: string;
  change: OperatorSecurityChange;
  when: string;
  ip: string | null;
  providerName: string;
};

const factorName = (factor: "passkey" | "totp", label?: string) =>
  factor === "passkey" ? `the passkey “${label ?? "Passkey"}”` : "an authenticator app (TOTP) with recovery codes";

export function operatorSecurityNoticeSubject(change: OperatorSecurityChange, providerName: string): string {
  switch (change.kind) {
    case "factor_added":
      return `A sign-in method was added to your ${providerName} console account`;
    case "factor_removed":
      return `A sign-in method was removed from your ${providerName} console account`;
    case "factors_reset":
      return `Your ${providerName} console passkeys and authenticator app were removed`;
    case "operator_removed":
      return `Your ${providerName} console access has ended`;
  }
}

function whatHappened(change: OperatorSecurityChange): string {
  switch (change.kind) {
    case "factor_added":
      return `You can now sign in with ${factorName(change.factor, change.label)}.`;
    case "factor_removed":
      return `${factorName(change.factor, change.label)} no longer signs you in.`.replace(/^./, (c) => c.toUpperCase());
    case "factors_reset": {
      const what = [
        change.passkeys > 0 ? `${change.passkeys} passkey${change.passkeys === 1 ? "" : "s"}` : null,
        change.totp ? "your authenticator app and recovery codes" : null,
      ].filter(Boolean);
      return `Your password was set with a setup link, so ${what.join(" and ")} no longer sign you in and every session was ended. Add them again after you sign in.`;
    }
    case "operator_removed":
      return `${change.by} removed you as an operator. Your sessions have ended and you can no longer sign in.`;
  }
}

export function OperatorSecurityNotice(props: OperatorSecurityNoticeProps) {
  return (
    <EmailLayout look="plain" preview={whatHappened(props.change)} heading="Console account change">
      <Text>Hi {props.name},</Text>
      <Text>{whatHappened(props.change)}</Text>
      <Text>
        When: {props.when}
        {props.ip ? ` · from address ${props.ip}` : ""}
      </Text>
      <FinePrint>
        Not you? Tell another operator at once: they can end your sessions and send you a new setup link.{" "}
        {props.providerName}
      </FinePrint>
    </EmailLayout>
  );
}
