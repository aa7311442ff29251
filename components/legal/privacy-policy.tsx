import Link from "next/link";
import { Bullets, ContactBlock, LegalPage, LegalSection } from "@/components/legal/legal-page";

export const POLICY_DATE = "January 1, 2025";

type Provider = { name: string; address: string; email: string };

export function PrivacyPolicy({ provider }: { provider: Provider }) {
  const { name } = provider;
  return (
    <LegalPage
      title="Privacy Policy"
      dates={
        <p>
          Effective date: {POLICY_DATE} · Last updated: {POLICY_DATE}
        </p>
      }
    >
      <p>
        This Privacy Policy explains how {name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) collects, uses, shares and protects
        personal information when you visit our websites, request the Fast Forward book, answer our survey, schedule a
        call or buy our products and programs. By using our services you agree to the practices described here.
      </p>

      <LegalSection id="collect" title="1. Information we collect">
        <Bullets
          items={[
            <>
              <strong>Identifiers:</strong> your name, e-mail address, phone number and postal or billing address when
              you give them to us.
            </>,
            <>
              <strong>Preferences:</strong> your answers to our survey (for example your role, team size and goals) and
              your communication choices.
            </>,
            <>
              <strong>Demographics:</strong> information such as your business type, industry and approximate location.
            </>,
            <>
              <strong>Usage data:</strong> pages viewed, buttons clicked, the steps of our funnel you reached and the
              campaign (UTM) parameters of the link that brought you here.
            </>,
            <>
              <strong>Automatically collected data:</strong> IP address, browser and device type, and a first-party
              cookie that keeps your session together.
            </>,
            <>
              <strong>Third-party data:</strong> information from our payment processor (for example whether a payment
              succeeded — never your full card number), scheduling tool and advertising partners.
            </>,
            <>
              <strong>Sensitive data:</strong> we collect sensitive personal information only with your explicit
              consent, and only where needed for the service you asked for.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection id="use" title="2. How we use your information">
        <Bullets
          items={[
            "To provide our services: deliver the book, run checkout, create your account and schedule calls.",
            "For e-mail marketing about our books, courses and programs, with an unsubscribe link in every message.",
            "For personalization: to show you the offers and content that match your survey answers.",
            "To feed data into AI and language-model systems that help us write, summarize, qualify and personalize our communication with you.",
            "For analytics: to understand how visitors move through our pages and improve them.",
            "For advertising: to measure campaigns and show relevant ads.",
            "For legal compliance: to keep records the law requires, prevent fraud and enforce our terms.",
          ]}
        />
      </LegalSection>

      <LegalSection id="share" title="3. How we share your information">
        <p>We do not sell your personal information for money. We share it only with:</p>
        <Bullets
          items={[
            <>
              <strong>Service providers</strong> that process data on our behalf: e-mail delivery, AI and language-model
              providers, analytics, advertising platforms, CRM, cloud hosting and payment processing.
            </>,
            <>
              <strong>Affiliates</strong> under common control with {name}, bound by this policy.
            </>,
            <>
              <strong>Authorities</strong> when the law, a court order or the protection of rights and safety requires
              it.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection id="ai" title="4. AI processing disclosure">
        <p>
          Some of the tools we use are AI systems, including large language models run by third parties. When your
          information is used to train or improve such systems, we anonymize it where possible, remove direct
          identifiers and bind our providers by contract to use it only for our purposes.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="5. Data retention and security">
        <p>
          We keep personal information only as long as needed for the purposes above or as the law requires (for
          example, consent records for at least 5 years and transaction records for tax purposes). We protect it with
          encryption in transit, access controls, hashed passwords and regular reviews. No system is perfectly secure;
          if a breach affects you, we will tell you as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="6. Your privacy rights">
        <p>Depending on where you live, you have the right to:</p>
        <Bullets
          items={[
            "access the personal information we hold about you;",
            "correct inaccurate information;",
            "delete your information;",
            "opt out of the sale or sharing of your information and of targeted advertising;",
            "limit the use of your sensitive personal information;",
            "withdraw your consent at any time;",
            "not be discriminated against for exercising any of these rights.",
          ]}
        />
        <p>
          To exercise a right, send us a request through our online{" "}
          <Link className="font-medium text-brand-dark underline" href="/privacy-request">
            privacy request form
          </Link>{" "}
          (or e-mail {provider.email}) and tell us which right you want to exercise. We verify your identity before
          acting and respond within 45 days, as required by the California Consumer Privacy Act; where permitted we may
          extend once by a further 45 days and will tell you why.
        </p>
      </LegalSection>

      <LegalSection id="states" title="7. State-specific rights">
        <Bullets
          items={[
            <>
              <strong>California (CCPA/CPRA):</strong> you may request the categories and specific pieces of personal
              information collected in the past 12 months, the sources, the purposes and the categories of recipients,
              and you may opt out of sharing for cross-context behavioural advertising.
            </>,
            <>
              <strong>Virginia (VCDPA):</strong> rights of access, correction, deletion, portability and opt-out of
              targeted advertising, sale and profiling, with a right to appeal our decision.
            </>,
            <>
              <strong>Colorado (CPA):</strong> the same rights, including opting out through a universal opt-out
              mechanism, and a right to appeal.
            </>,
            <>
              <strong>Connecticut (CTDPA):</strong> rights of access, correction, deletion, portability and opt-out, and
              a right to appeal.
            </>,
            <>
              <strong>Utah (UCPA):</strong> rights of access, deletion, portability and opt-out of targeted advertising
              and sale.
            </>,
          ]}
        />
        <p>
          We honour <strong>Global Privacy Control</strong> (GPC) signals: when your browser sends one, we treat it as a
          request to opt out of the sale and sharing of your personal information for that browser.
        </p>
      </LegalSection>

      <LegalSection id="children" title="8. Children">
        <p>
          Our services are not directed to children. We do not knowingly collect personal information from children
          under 13, or under 16 for purposes such as selling or sharing data. If you believe a child has given us
          information, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="transfers" title="9. International transfers">
        <p>
          We are based in the United States and our providers may process data in other countries. When we transfer
          information across borders we use the safeguards the law requires, such as standard contractual clauses.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="10. Changes to this policy">
        <p>
          We may update this policy. The &ldquo;last updated&rdquo; date above shows the latest version. If we make a
          material change, we will notify you by e-mail before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="11. Contact us">
        <p>Questions about this policy or your data? Contact us by e-mail or by post:</p>
        <ContactBlock {...provider} />
      </LegalSection>
    </LegalPage>
  );
}
