import { matchText } from "@/lib/console/shared/console-format";
import type { ReactNode } from "react";
import { Options } from "@/components/ui/options";
import type { Metadata } from "next";
import Link from "next/link";
import { requireOperator } from "@/lib/operators/server/require-operator";
import {
  auditFilterOptions,
  auditQuerySchema,
  countAuditEntries,
  readAuditPage,
  type AuditQuery,
} from "@/lib/console/server/audit-page";
import { formatConsoleTime } from "@/lib/console/shared/format-time";

// A plain GET form filters (works without JavaScript).

export const metadata: Metadata = { title: "Audit log" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function hrefWith(query: AuditQuery, before: string | null): string {
  const params = new URLSearchParams();
  if (query.action) params.set("action", query.action);
  if (query.operator) params.set("operator", query.operator);
  if (query.q) params.set("q", query.q);
  if (before) params.set("before", before);
  const search = params.toString();
  return search ? `/admin/audit?${search}` : "/admin/audit";
}

type FilterSelectProps = {
  label: string;
  name: string;
  value: string | undefined;
  allLabel: string;
  wide?: boolean;
  children: ReactNode;
};

function FilterSelect({ label, name, value, allLabel, wide = false, children }: FilterSelectProps) {
  return (
    <label className={wide ? "block max-w-full min-w-0 text-sm font-medium" : "block text-sm font-medium"}>
      {label}
      <select
        name={name}
        defaultValue={value ?? ""}
        className={`mt-1 block ${wide ? "w-full max-w-full " : ""}rounded border border-slate-300 px-2 py-2`}
      >
        <option value="">{allLabel}</option>
        {children}
      </select>
    </label>
  );
}

export default async function AuditPage({ searchParams }: Props) {
  const me = await requireOperator("console.view");
  const raw = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
  const query = auditQuerySchema.parse({
    action: first(raw.action),
    operator: first(raw.operator),
    q: first(raw.q),
    before: first(raw.before),
  });
  const [{ rows, next }, options, count] = await Promise.all([
    readAuditPage(query),
    auditFilterOptions(),
    countAuditEntries(query),
  ]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <form method="get" action="/admin/audit" className="flex flex-wrap items-end gap-3">
        <label className="block max-w-full min-w-0 text-sm font-medium">
          Actor, action or target contains
          <input
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            minLength={3}
            maxLength={100}
            className="mt-1 block w-64 max-w-full rounded border border-slate-300 px-2 py-2"
          />
        </label>
        <FilterSelect label="Action" name="action" value={query.action} allLabel="All actions">
          <Options values={options.actions} />
        </FilterSelect>
        {/* Long operator e-mails in the options would widen the page at 390 px. */}
        <FilterSelect label="Operator" name="operator" value={query.operator} allLabel="All operators" wide>
          {options.operators.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.email}
            </option>
          ))}
        </FilterSelect>
        <button type="submit" className="rounded bg-slate-900 px-4 py-2 font-semibold text-white">
          Filter
        </button>
        {(query.action || query.operator || query.q) && (
          <Link href="/admin/audit" className="py-2 text-sm underline">
            Clear
          </Link>
        )}
      </form>

      <p className="text-sm font-medium text-slate-700" data-testid="list-count">
        {matchText(count, { one: "entry", many: "entries" })}
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-600">No entries{query.before ? " older than these" : ""}.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded border border-slate-200" aria-label="Audit entries">
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid="audit-entry"
              className="grid gap-1 px-3 py-2 text-sm md:grid-cols-[11rem_12rem_1fr_8rem]"
            >
              <time dateTime={row.at.toISOString()} className="text-slate-600">
                {formatConsoleTime(row.at, me.timeZone)}
              </time>
              <span className="font-mono font-semibold break-all">{row.action}</span>
              <span className="min-w-0 break-words">
                <span className="block">by {row.who}</span>
                {row.target && <span className="block text-slate-600">on {row.target}</span>}
                {row.details && <span className="block text-xs text-slate-500">{row.details}</span>}
              </span>
              <span className="text-slate-600 break-all">{row.ip ?? "—"}</span>
            </li>
          ))}
        </ol>
      )}

      <nav aria-label="Audit pages" className="flex gap-4 text-sm">
        {query.before && (
          <Link href={hrefWith(query, null)} className="underline">
            Newest entries
          </Link>
        )}
        {next && (
          <Link href={hrefWith(query, next)} className="underline">
            Older entries
          </Link>
        )}
      </nav>
    </div>
  );
}
