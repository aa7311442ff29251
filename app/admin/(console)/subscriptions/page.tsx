import { Options } from "@/components/ui/options";
import type { Metadata } from "next";
import Link from "next/link";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { FlaggedSelect } from "@/components/console/flagged-select";
import { SubscriptionsTable } from "@/components/console/subscriptions/subscriptions-table";
import { listSubscriptions } from "@/lib/console/server/subscriptions-list";
import { readDunningStates } from "@/lib/billing/server/read-dunning-states";
import { dunningColumn } from "@/components/console/subscriptions/dunning-column";
import {
  parseSubscriptionFilters,
  SUBSCRIPTION_STATUSES,
  subscriptionsHref,
} from "@/lib/console/shared/subscription-filters";

// A plain GET form, as on the orders list: every view has its own address.

export const metadata: Metadata = { title: "Subscriptions" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

const field = "rounded border border-slate-300 bg-white px-2 py-1.5 text-sm";

export default async function SubscriptionsPage({ searchParams }: { searchParams: Search }) {
  const me = await requireOperator("console.view");
  const filters = parseSubscriptionFilters(await searchParams);
  const { rows, nextCursor } = await listSubscriptions(filters);
  const dunning = await readDunningStates(rows.map((row) => row.id));
  const filtered = { ...filters, after: undefined };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Subscriptions</h1>
      <form
        method="get"
        action="/admin/subscriptions"
        className="flex flex-wrap items-end gap-2"
        aria-label="Filter subscriptions"
      >
        <label className="flex flex-col text-xs text-slate-600">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className={field}>
            <option value="">any</option>
            <Options values={SUBSCRIPTION_STATUSES} label={(s) => s.replace("_", " ")} />
          </select>
        </label>
        <FlaggedSelect value={filters.flagged} className={field} labelClass="flex flex-col text-xs text-slate-600" />
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          Filter
        </button>
        <Link href="/admin/subscriptions" className="px-1 py-1.5 text-sm text-slate-600 underline">
          Clear
        </Link>
      </form>
      <p className="text-sm text-slate-600">
        Monthly: the seats at the order&apos;s own seat price. Failed payments: renewal invoices whose payment failed,
        recovered ones included; due now is the part still unpaid. Dunning: the latest failed payment&apos;s e-mail and
        retry schedule.
      </p>
      {rows.length === 0 ? (
        <p className="rounded border border-slate-200 p-4 text-slate-600">No subscriptions match.</p>
      ) : (
        <SubscriptionsTable rows={rows} zone={me.timeZone} extraColumns={[dunningColumn(dunning, me.timeZone)]} />
      )}
      <nav aria-label="Pages" className="flex gap-3 text-sm">
        {filters.after ? (
          <Link href={subscriptionsHref(filtered)} className="text-blue-700 underline">
            Newest
          </Link>
        ) : null}
        {nextCursor ? (
          <Link href={subscriptionsHref(filtered, nextCursor)} className="text-blue-700 underline" rel="next">
            Older subscriptions
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
