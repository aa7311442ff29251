import type { Metadata } from "next";
import { BookingCalendar } from "@/components/booking/booking-calendar";
import { BookingWidget } from "@/components/booking/booking-widget";
import { CallSummary } from "@/components/booking/call-summary";
import { PhoneConsentStep } from "@/components/booking/phone-consent-step";
import { getConfig } from "@/lib/platform/server/config";
import { getCurrentVisitor, type Visitor } from "@/lib/leads/server/current-visitor";
import type { UtmParams } from "@/lib/leads/shared/utm";
import { bookingEmbed } from "@/lib/booking/shared/booking-embed";
import { phoneConsentText } from "@/lib/booking/shared/consent-text";
import { slotList } from "@/lib/booking/server/booking-slots";
import { latestPhoneConsent, upcomingBooking } from "@/lib/booking/server/visitor-booking";

// BOOKING_URL: the Calendly-style widget. Otherwise the built-in calendar, after phone consent, or
// the visitor's upcoming call so a reload shows the booking (docs/product.md#booking).

export const metadata: Metadata = {
  title: "Pick a time for your free AI strategy call",
  description: "Choose a time for your free AI strategy call.",
  robots: { index: false, follow: false },
};

const NO_UTM: UtmParams = { utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" };

function widgetFor(visitor: Visitor | null, bookingUrl: string, siteUrl: string) {
  const session = visitor?.contact ? visitor.session : null;
  const utm: UtmParams = session
    ? {
        utm_source: session.utmSource,
        utm_medium: session.utmMedium,
        utm_campaign: session.utmCampaign,
        utm_term: session.utmTerm,
        utm_content: session.utmContent,
      }
    : NO_UTM;
  return bookingEmbed(bookingUrl, {
    name: visitor?.contact?.name,
    email: visitor?.contact?.email,
    utm,
    embedDomain: new URL(siteUrl).host,
  });
}

async function BuiltInCalendar({ visitor }: { visitor: Visitor | null }) {
  const config = getConfig();
  const upcoming = visitor?.prospect ? await upcomingBooking(visitor.prospect.id) : null;
  if (upcoming) {
    return (
      <CallSummary
        title="You have a call booked"
        start={upcoming.start.toISOString()}
        end={upcoming.end.toISOString()}
        timeZone={upcoming.visitorTimezone}
      >
        <p className="mt-4">To move or cancel it, use the link in your confirmation e-mail.</p>
      </CallSummary>
    );
  }
  const consent = visitor ? await latestPhoneConsent(visitor.browserId) : null;
  if (!consent) return <PhoneConsentStep consentText={phoneConsentText(config.PROVIDER_NAME)} />;
  const { slots } = await slotList();
  return (
    <BookingCalendar initialSlots={slots} providerEmail={config.PROVIDER_EMAIL} needsContact={!visitor?.prospect} />
  );
}

export default async function ScheduleCallPage() {
  const config = getConfig();
  const visitor = await getCurrentVisitor();
  const embed = config.BOOKING_URL ? widgetFor(visitor, config.BOOKING_URL, config.SITE_URL) : null;
  return (
    <main id="main" className="mx-auto max-w-4xl px-5 py-10 sm:py-14">
      <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
        Pick a time for your free AI strategy call
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
        {embed ? "Choose a slot" : `Choose a ${config.BOOKING_SLOT_MINUTES}-minute slot`} that suits you. You&apos;ll
        get a calendar invitation by e-mail.
      </p>
      <div className="mt-8">
        {embed?.kind === "inline" ? (
          <BookingWidget src={embed.src} origin={embed.origin} />
        ) : (
          <BuiltInCalendar visitor={visitor} />
        )}
      </div>
    </main>
  );
}
