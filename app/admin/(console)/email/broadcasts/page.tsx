import type { Metadata } from "next";
import Link from "next/link";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { can } from "@/lib/operators/shared/permissions";
import { readBroadcasts } from "@/lib/lifecycle/server/read-broadcasts";
import { canCancel } from "@/lib/lifecycle/shared/broadcast-input";
import { BroadcastForm } from "@/components/console/broadcasts/broadcast-form";
import { CancelBroadcastButton } from "@/components/console/broadcasts/cancel-broadcast-button";

// Broadcasts: the latest with their progress (refresh to follow a send), and a form for a new one.

export const metadata: Metadata = { title: "Broadcasts" };
export const dynamic = "force-dynamic";

const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

export default async function BroadcastsPage() {
  const operator = await requireOperator("console.view");
  const manage = can(operator.role, "broadcasts.manage");
  const broadcasts = await readBroadcasts();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link href="/admin/email" className="text-sm text-blue-700 underline">
          E-mail report
        </Link>
        <h1 className="text-2xl font-bold">Broadcasts</h1>
        <p className="text-sm text-slate-600">
          A one-off marketing e-mail to a segment of leads, taken when it starts and sent at its rate per minute.
        </p>
      </div>
      {broadcasts.length === 0 ? (
        <p className="rounded border border-slate-200 p-4 text-slate-600">No broadcasts yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Broadcasts">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th className="py-1">Name</th>
                <th>Status</th>
                <th>Starts</th>
                <th className="text-right">Audience</th>
                <th className="text-right">Sent / total</th>
                <th className="text-right">Per minute</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {broadcasts.map((b) => (
                <tr key={b.id} className="border-b border-slate-100">
                  <td className="py-1">
                    {b.name}
                    <div className="text-xs text-slate-500">{b.subject}</div>
                  </td>
                  <td>{b.status.toLowerCase()}</td>
                  <td>{when(b.scheduledAt)}</td>
                  <td className="text-right">
                    {b.status === "DRAFT" || b.status === "SCHEDULED" ? "—" : b.audienceCount}
                  </td>
                  <td className="text-right">
                    {b.sentCount} / {b.audienceCount}
                    {b.skippedCount ? ` (${b.skippedCount} skipped)` : ""}
                  </td>
                  <td className="text-right">{b.ratePerMinute}</td>
                  <td className="text-right">
                    {manage && canCancel(b.status) ? <CancelBroadcastButton id={b.id} name={b.name} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage ? (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">New broadcast</h2>
          <BroadcastForm />
        </section>
      ) : null}
    </div>
  );
}
