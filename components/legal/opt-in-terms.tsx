import Link from "next/link";
import { Bullets, ContactBlock, LegalPage, LegalSection } from "@/components/legal/legal-page";
import { GUARANTEE_DAYS, TEAM } from "@/lib/site/shared/prices";

type Provider = { name: string; address: string; email: string };

const link = "font-medium text-brand-dark underline underline-offset-2";

export function OptInTerms({ provider }: { provider: Provider }) {
  const { name } = provider;
  return (
    <LegalPage title="Opt-In Terms" dates={<p>Effective date: January 1, 2025 · Last updated: January 1, 2025</p>}>
      <p>
        These terms apply when you request the free digital copy of <em>Fast Forward</em>, answer our survey, or buy any
        product from {name} through this website. By submitting your name and e-mail address you accept them.
      </p>

      <LegalSection id="offer" title="1. The free book offer">
        <Bullets
          items={[
            "You receive a digital copy of Fast Forward for your personal and internal business use. You may not resell it or publish it as your own.",
            "One request per person. We may end or change the free offer at any time; requests already confirmed are honoured.",
            "You must be 18 or older and give your own, accurate name and e-mail address.",
          ]}
        />
      </LegalSection>

      <LegalSection id="communications" title="2. What you agree to by opting in">
        <p>
          Opting in means you agree to receive e-mails from {name} about the book, our courses, programs and events. The
          details — frequency, content and how to unsubscribe — are in our{" "}
          <Link className={link} href="/email-terms">
            E-mail Opt-In Terms
          </Link>
          . Calls and text messages are sent only if you separately give consent under our{" "}
          <Link className={link} href="/sms-phone-terms">
            SMS/Phone Opt-In Terms
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="survey" title="3. The survey and what follows">
        <p>
          After opting in we ask a few short questions about you and your business. We use the answers to suggest the
          next step that fits you — for example a free discovery session for business owners, or our online course. You
          can skip any offer.
        </p>
      </LegalSection>

      <LegalSection id="purchases" title="4. Purchases, guarantees and refunds">
        <Bullets
          items={[
            "Prices are shown in US dollars before you pay and are charged to your card by our payment processor.",
            `Books and courses carry a ${GUARANTEE_DAYS}-day money-back guarantee: e-mail us within ${GUARANTEE_DAYS} days of purchase for a full refund.`,
            `Team training is billed per seat per month. Its ${TEAM.roiGuaranteeDays}-day ROI guarantee refunds the program in full if your team does not build at least one tool that pays for the program; the program lasts ${TEAM.programDays} days.`,
          ]}
        />
      </LegalSection>

      <LegalSection id="results" title="5. No guarantee of results">
        <p>
          Figures on this site and in the book (such as time saved, cost reductions or revenue) are examples and claims
          about specific teams. They are not typical and not a promise: your results depend on your business, your
          processes and your effort. Nothing here is legal, tax or financial advice.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="6. Liability and governing law">
        <p>
          Our services are provided &ldquo;as is&rdquo;. To the extent the law allows, our total liability to you is
          limited to the amount you paid us in the 12 months before the claim. These terms are governed by the laws of
          the State of Delaware, USA, without regard to conflict-of-law rules.
        </p>
      </LegalSection>

      <LegalSection id="privacy" title="7. Your data">
        <p>
          How we collect and use your information is described in our{" "}
          <Link className={link} href="/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="contact" title="8. Contact">
        <ContactBlock {...provider} />
      </LegalSection>
    </LegalPage>
  );
}

export function EmailOptInTerms({ provider }: { provider: Provider }) {
  const { name, email } = provider;
  return (
    <LegalPage
      title="E-mail Opt-In Terms"
      dates={<p>Effective date: January 1, 2025 · Last updated: January 1, 2025</p>}
    >
      <p>
        These terms explain what you agree to when you give {name} your e-mail address — for example to receive the free
        copy of <em>Fast Forward</em> — and how to stop receiving e-mails at any time.
      </p>

      <LegalSection id="consent" title="1. Your consent">
        <p>
          By entering your name and e-mail address and submitting the form, you agree to receive e-mails from {name}.
          Your consent is given to {name} only and is not shared with other companies for their marketing.
        </p>
      </LegalSection>

      <LegalSection id="content" title="2. What we send">
        <Bullets
          items={[
            "the book you requested and messages about getting the most from it;",
            "lessons, case studies and tips on applying AI in business with the RACE Framework;",
            "offers for our books, courses, team programs and events;",
            "transactional e-mails about your orders, account and scheduled calls (these are sent even after you unsubscribe from marketing, while you have an active order or account).",
          ]}
        />
        <p>Frequency varies with the programs and events you are interested in.</p>
      </LegalSection>

      <LegalSection id="unsubscribe" title="3. How to unsubscribe">
        <p>
          Every marketing e-mail has an unsubscribe link at the bottom. Each link works for at least 30 days after the
          e-mail is sent. You can also reply to any e-mail with &ldquo;unsubscribe&rdquo; or write to{" "}
          <a className={link} href={`mailto:${email}`}>
            {email}
          </a>
          . We process unsubscribe requests within 10 business days, as the CAN-SPAM Act requires, and keep your address
          on a suppression list only so that we do not e-mail you again.
        </p>
      </LegalSection>

      <LegalSection id="tracking" title="4. E-mail analytics">
        <p>
          Our e-mails may record whether they were opened and which links were clicked, so that we send content you find
          useful. See our{" "}
          <Link className={link} href="/privacy">
            Privacy Policy
          </Link>{" "}
          for how we use and protect this information.
        </p>
      </LegalSection>

      <LegalSection id="age" title="5. Age and accuracy">
        <p>You confirm that you are 18 or older and that the e-mail address is yours.</p>
      </LegalSection>

      <LegalSection id="contact" title="6. Contact">
        <ContactBlock {...provider} />
      </LegalSection>
    </LegalPage>
  );
}
