import type { Metadata } from "next";
import { BookingWidget } from "@/components/scheduling/booking-widget";
import { getConfig } from "@/lib/platform/server/config";
import { getCurrentVisitor } from "@/lib/funnel/server/current-visitor";
import type { UtmParams } from "@/lib/funnel/shared/utm";
import { bookingEmbed } from "@/lib/scheduling/shared/booking-embed";

// The inline booking calendar (spec §2 scheduling), prefilled from the server-side visitor.

export const metadata: Metadata = {
  title: "Pick a time for your free AI strategy call",
  description: "Choose a time for your free AI strategy call.",
  robots: { index: false, follow: false },
};

const NO_UTM: UtmParams = { utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" };

export default async function ScheduleCallPage() {
  const config = getConfig();
  const visitor = await getCurrentVisitor();
  const session = visitor?.prospect ? visitor.session : null;
  const utm: UtmParams = session
    ? {
        utm_source: session.utmSource,
        utm_medium: session.utmMedium,
        utm_campaign: session.utmCampaign,
        utm_term: session.utmTerm,
        utm_content: session.utmContent,
      }
    : NO_UTM;
  const embed = bookingEmbed(config.BOOKING_URL, {
    name: visitor?.prospect?.name,
    email: visitor?.prospect?.email,
    utm,
    embedDomain: new URL(config.SITE_URL).host,
  });
  return (
    <main id="main" className="mx-auto max-w-4xl px-5 py-10 sm:py-14">
      <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
        Pick a time for your free AI strategy call
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
        {embed.kind === "inline"
          ? "Choose a 30-minute slot that suits you. You'll get a calendar invitation by e-mail."
          : "Tell us when suits you and we'll set up your 30-minute call."}
      </p>
      <div className="mt-8">
        {embed.kind === "inline" ? (
          <BookingWidget src={embed.src} origin={embed.origin} />
        ) : (
          <div
            role="status"
            className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center"
          >
            <h2 className="text-xl font-bold">Online booking is not available right now</h2>
            <p className="mt-2 text-slate-700">
              E-mail us at{" "}
              <a href={`mailto:${config.PROVIDER_EMAIL}`} className="font-semibold text-brand underline">
                {config.PROVIDER_EMAIL}
              </a>{" "}
              with two or three times that suit you, and we&apos;ll confirm your call.
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
