import Link from "next/link";
import { Bullets, ContactBlock, LegalPage, LegalSection } from "@/components/legal/legal-page";

type Provider = { name: string; address: string; email: string };

export const SMS_STOP_WORDS = ["STOP", "END", "CANCEL", "UNSUBSCRIBE", "QUIT"] as const;

export function SmsPhoneTerms({ provider }: { provider: Provider }) {
  const { name, email } = provider;
  return (
    <LegalPage
      title="SMS/Phone Opt-In Terms"
      subtitle={name}
      dates={<p>Effective date: January 1, 2025 · Last updated: April 11, 2025</p>}
    >
      <p>
        These terms describe what you agree to when you give {name} your phone number and consent to be contacted by
        phone call or text message, and how you can stop at any time.
      </p>

      <LegalSection id="consent" title="1. How you give consent">
        <p>
          You consent by checking the consent box, entering your phone number and submitting the form. Your consent is
          given to <strong>{name} only</strong> — it is one-to-one consent and is not shared with or transferable to any
          other company, lead buyer or marketing partner.
        </p>
        <p className="rounded-xl bg-slate-50 p-4 text-base">
          <strong>Note (January 27, 2025):</strong> following the FCC&apos;s one-to-one consent rule, each consent we
          collect names a single seller, {name}, and covers only communications from us about our own products and
          services.
        </p>
      </LegalSection>

      <LegalSection id="declarations" title="2. What you confirm">
        <Bullets
          items={[
            "you are the owner or authorized user of the phone number you entered;",
            "you are 18 years of age or older;",
            "the number is a mobile number (or a number you are allowed to receive texts and calls on).",
          ]}
        />
      </LegalSection>

      <LegalSection id="what" title="3. What you agree to receive">
        <p>
          You agree to receive calls and text messages from {name}, including <strong>automated calls</strong>,{" "}
          <strong>text messages</strong> (SMS/MMS) and <strong>prerecorded or artificial voice</strong> messages, at the
          number you gave, for:
        </p>
        <Bullets
          items={[
            "scheduling and reminders for calls and sessions you booked;",
            "training and program information;",
            "sales and marketing offers about our books, courses and programs;",
            "surveys and feedback requests;",
            "transactional messages about your orders and account.",
          ]}
        />
        <Bullets
          items={[
            <>
              <strong>Message and data rates may apply</strong>, according to your carrier plan.
            </>,
            <>
              <strong>Message frequency varies</strong> with your activity and the programs you join.
            </>,
            <>
              <strong>Consent is not a condition of purchase.</strong> You can buy any product without agreeing to calls
              or texts.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection id="rules" title="4. The rules we follow">
        <Bullets
          items={[
            "We check and respect the National Do-Not-Call Registry, state do-not-call lists and our internal do-not-call list, except where your express consent allows contact.",
            "We follow state telemarketing laws (\u201cmini-TCPA\u201d rules, such as those of Florida, Oklahoma and Maryland), including their limits on call frequency and timing.",
            "We only contact you between 8 AM and 9 PM in your local time.",
            "We keep a record of your consent (the text you agreed to, the time, and the page) for at least 5 years.",
            "We may use the information you share in calls and messages to personalize our communication, including with AI tools, as described in our Privacy Policy.",
          ]}
        />
      </LegalSection>

      <LegalSection id="opt-out" title="5. How to opt out">
        <p>
          Reply <strong>{SMS_STOP_WORDS.join(", ")}</strong> to any text message. We also accept reasonable variations
          (for example &ldquo;stop texting me&rdquo; or &ldquo;Stop.&rdquo;). You will receive one text confirming your
          opt-out and nothing more after it. You can also opt out by telling us during a call, by e-mailing{" "}
          <a className="font-medium text-brand-dark underline" href={`mailto:${email}`}>
            {email}
          </a>
          , or through our{" "}
          <Link className="font-medium text-brand-dark underline" href="/privacy-request">
            privacy request form
          </Link>
          .
        </p>
        <p>
          We honour opt-outs within <strong>10 business days</strong>. After you opt out we keep your number only on our
          suppression list, so that we do not contact you again.
        </p>
        <p className="rounded-xl bg-slate-50 p-4 text-base">
          <strong>Note (April 11, 2025):</strong> under the FCC&apos;s revocation rule, an opt-out request made in any
          reasonable way — including variations of the keywords above and replies in your own words — is honoured.
        </p>
      </LegalSection>

      <LegalSection id="privacy" title="6. Privacy of your SMS and phone data">
        <p>
          We do not sell or share your phone number or your SMS opt-in consent with third parties for their marketing.
          Text messaging originator opt-in data and consent are never shared with any third party, except service
          providers that deliver our messages for us. Everything else about how we handle your data is in our{" "}
          <Link className="font-medium text-brand-dark underline" href="/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="help" title="7. Help and contact">
        <p>Reply HELP to any message for help, or contact us:</p>
        <ContactBlock {...provider} />
      </LegalSection>
    </LegalPage>
  );
}
