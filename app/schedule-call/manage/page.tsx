import type { Metadata } from "next";
import Link from "next/link";
import { CallSummary } from "@/components/booking/call-summary";
import { ManageBooking } from "@/components/booking/manage-booking";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
import { getConfig } from "@/lib/platform/server/config";
import { builtInCalendarEnabled } from "@/lib/booking/server/booking-settings";
import { slotList } from "@/lib/booking/server/booking-slots";
import { manageView } from "@/lib/booking/server/managed-booking";

// The token is the only key; it is never logged.

export const metadata: Metadata = {
  title: "Manage your free AI strategy call",
  description: "Move or cancel your free AI strategy call.",
  robots: { index: false, follow: false },
};

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ManageCallPage({ searchParams }: PageProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : undefined;
  const view = await manageView(token);
  const config = getConfig();
  return (
    <main id="main" className="mx-auto max-w-4xl px-5 py-10 sm:py-14">
      <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
        Manage your free AI strategy call
      </h1>
      <div className="mt-8">
        {view.state === "booked" && token ? (
          <ManageBooking
            token={token}
            call={{ start: view.start.toISOString(), end: view.end.toISOString() }}
            timeZone={view.visitorTimezone}
            slots={builtInCalendarEnabled() ? (await slotList()).slots : []}
            providerEmail={config.PROVIDER_EMAIL}
            canMove={builtInCalendarEnabled()}
          />
        ) : view.state === "invalid" ? (
          <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
            <h2 className="text-xl font-bold">This link does not work</h2>
            <p className="mt-2 text-slate-700">
              Please use the link in your latest booking e-mail, or write to{" "}
              <a href={`mailto:${config.PROVIDER_EMAIL}`} className="font-semibold text-brand underline">
                {config.PROVIDER_EMAIL}
              </a>
              .
            </p>
          </div>
        ) : (
          <CallSummary
            title={view.state === "canceled" ? "This call was cancelled" : "This call has already started"}
            start={view.start.toISOString()}
            end={view.end.toISOString()}
            timeZone={view.visitorTimezone}
            tone="neutral"
          >
            <Link href="/schedule-call" className={`${CTA_PRIMARY} mt-5`}>
              Book a new time
            </Link>
          </CallSummary>
        )}
      </div>
    </main>
  );
}
