import type { Metadata } from "next";
import Link from "next/link";
import { RangePresetLinks } from "@/components/console/range-preset-links";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { emailReport } from "@/lib/console/server/email-report";
import { parseOverviewParams, type SearchParams } from "@/lib/console/shared/overview-params";
import { EmailReportTable } from "@/components/console/email/email-report-table";

// Read-only: what each template's e-mails did, over a preset range of days (plain links, so each
// view has its own address).

export const metadata: Metadata = { title: "E-mail" };
export const dynamic = "force-dynamic";

export default async function EmailReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperator("console.view");
  const raw = await searchParams;
  const view = parseOverviewParams({ days: raw.days });
  const report = await emailReport(view.range);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">E-mail</h1>
        <p className="text-sm text-slate-600" data-testid="range-label">
          E-mails sent {view.fromDay} to {view.toDay} (UTC days, both included)
        </p>
      </div>
      <p className="text-sm">
        <Link href="/admin/email/sequences" className="text-blue-700 underline">
          Sequences: write and test the lifecycle e-mails
        </Link>
      </p>
      <RangePresetLinks current={view.days} hrefFor={(days) => `/admin/email?days=${days}`} />
      <Link href="/admin/email/broadcasts" className="text-sm text-blue-700 underline">
        Broadcasts: send an e-mail to a segment of leads
      </Link>
      <p className="text-sm text-slate-600">
        Each e-mail counts once per column, whatever Resend reported more than once. Delivered, bounced and complained
        come from Resend&apos;s webhook; unsubscribed counts e-mails whose unsubscribe link was used; clicked counts
        e-mails with a tracked link followed. Revenue: paid orders by the lead within 7 days after their last click,
        credited to the e-mail of that click. Test and spam leads and orders are left out.
      </p>
      {report.templates.length === 0 ? (
        <p className="rounded border border-slate-200 p-4 text-slate-600">No e-mails were sent in this range.</p>
      ) : (
        <EmailReportTable report={report} />
      )}
    </div>
  );
}
