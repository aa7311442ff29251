import { matchText } from "@/lib/console/shared/console-format";
import type { Metadata } from "next";
import Link from "next/link";
import { DeadlineBadge } from "@/components/console/deadline-badge";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { countPrivacyQueue, privacyQueue, type QueueFilter } from "@/lib/privacy/server/privacy-queue";
import { deadlineMark } from "@/lib/privacy/shared/queue-rules";
import { decodeUuidCursor } from "@/lib/shared/keyset-cursor";
import { isPrivacyRequestType } from "@/lib/privacy/shared/request-outcomes";
import { requestTypeLabel } from "@/lib/privacy/shared/request-types";
import { verificationNote } from "@/lib/privacy/shared/verification";

export const metadata: Metadata = { title: "Privacy requests" };
export const dynamic = "force-dynamic";

const typeLabel = (type: string) => (isPrivacyRequestType(type) ? requestTypeLabel(type) : type);

type Search = Promise<{ status?: string; after?: string; q?: string }>;

// Shorter searches could not use the e-mail's trigram index.
const searchText = (q: string | undefined) => (q && q.trim().length >= 3 ? q.trim().slice(0, 100) : undefined);

export default async function PrivacyQueuePage({ searchParams }: { searchParams: Search }) {
  const me = await requireOperator("console.view");
  const shortDate = (date: Date) => formatConsoleTime(date, me.timeZone);
  const params = await searchParams;
  const filter: QueueFilter = params.status === "completed" ? "completed" : "open";
  const q = searchText(typeof params.q === "string" ? params.q : undefined);
  const now = new Date();
  const [{ rows, next }, count] = await Promise.all([
    privacyQueue(filter, decodeUuidCursor(params.after), now, q),
    countPrivacyQueue(filter, q, now),
  ]);
  const href = (extra: Record<string, string>) =>
    `/admin/privacy?${new URLSearchParams({ status: filter, ...(q ? { q } : {}), ...extra }).toString()}`;
  const tab = (value: QueueFilter, label: string) => (
    <Link
      href={`/admin/privacy?${new URLSearchParams({ status: value, ...(q ? { q } : {}) }).toString()}`}
      aria-current={filter === value ? "page" : undefined}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Privacy requests</h1>
      <nav aria-label="Filter" className="flex gap-2">
        {tab("open", "Open")}
        {tab("completed", "Completed")}
      </nav>
      <form
        method="get"
        action="/admin/privacy"
        className="flex flex-wrap items-end gap-2"
        aria-label="Search requests"
      >
        <input type="hidden" name="status" value={filter} />
        <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600">
          E-mail, reference or status
          <input
            type="search"
            name="q"
            defaultValue={q ?? ""}
            minLength={3}
            maxLength={100}
            className="w-72 max-w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </label>
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
          Search
        </button>
        {q && (
          <Link href={`/admin/privacy?status=${filter}`} className="px-2 py-1.5 text-sm underline">
            Clear
          </Link>
        )}
      </form>
      <p className="text-sm font-medium text-slate-700" data-testid="list-count">
        {matchText(count, { one: `${filter} request`, many: `${filter} requests` })}
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-600">
          No {filter} requests{q ? " match this search" : ""}.
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="privacy-queue"
        >
          {rows.map((row) => (
            <li key={row.id} data-testid="privacy-row" data-request-id={row.id}>
              <Link
                href={`/admin/privacy/${row.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 md:grid-cols-[10rem_1fr_14rem_9rem] md:items-center md:gap-4"
              >
                <span>
                  <DeadlineBadge mark={deadlineMark(row, now)} />
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{row.name}</span>
                  <span className="block truncate text-sm text-slate-600">{row.email}</span>
                </span>
                <span className="text-sm text-slate-700">{typeLabel(row.requestType)}</span>
                <span className="text-sm text-slate-600">
                  {filter === "completed" && row.completedAt
                    ? `Completed ${shortDate(row.completedAt)}`
                    : (verificationNote(row, now) ?? `Answer by ${shortDate(row.respondBy)}`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <Link className="inline-block text-sm font-medium underline" href={href({ after: next })}>
          Next page
        </Link>
      ) : null}
    </div>
  );
}
