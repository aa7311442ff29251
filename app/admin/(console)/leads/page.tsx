import { matchText } from "@/lib/console/shared/console-format";
import type { Metadata } from "next";
import Link from "next/link";
import { LeadFilterForm } from "@/components/console/leads/lead-filter-form";
import { LeadsTable } from "@/components/console/leads/leads-table";
import { countLeads, leadsPage } from "@/lib/console/server/leads-list";
import { RefusedNote } from "@/components/console/refused-note";
import { can } from "@/lib/operators/shared/permissions";
import { SignInAgainButton } from "@/components/console/reauth-prompt";
import { FRESH_SIGN_IN_EXPLANATION, isFreshSignIn } from "@/lib/operators/shared/auth-rules";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { leadFilterQuery, leadFilterSchema } from "@/lib/leads/shared/lead-filter";
import { decodeUuidCursor } from "@/lib/shared/keyset-cursor";
import { firstParam, type SearchParams } from "@/lib/console/shared/overview-params";

// The exports take the same filter as the list.

export const metadata: Metadata = { title: "Leads" };
export const dynamic = "force-dynamic";

const EXPORT_LABELS = { leads: "Leads CSV", orders: "Orders CSV", events: "Events CSV" } as const;
const FILTER_KEYS = ["q", "from", "to", "qualified", "track", "source", "flagged"] as const;

export default async function LeadsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requireOperator("console.view");
  const params = await searchParams;
  const parsed = leadFilterSchema.safeParse(Object.fromEntries(FILTER_KEYS.map((k) => [k, firstParam(params, k)])));
  const filter = parsed.success ? parsed.data : {};
  const after = decodeUuidCursor(firstParam(params, "after"));
  const [page, count] = await Promise.all([leadsPage(filter, after), countLeads(filter)]);
  const query = leadFilterQuery(filter);
  const exportHref = (kind: string) => `/api/admin/leads/export?${new URLSearchParams({ ...query, kind }).toString()}`;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Leads</h1>
      {!parsed.success && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The filter was not understood ({parsed.error.issues[0]?.path.join(".")}: {parsed.error.issues[0]?.message});
          showing all leads.
        </p>
      )}
      <LeadFilterForm filter={filter} />
      {!can(me.role, "leads.export") ? (
        <RefusedNote role={me.role} action="leads.export" />
      ) : !isFreshSignIn(me.signedInAt) ? (
        // A download link would save the refusal as a file; offer the new sign-in instead.
        <p className="flex flex-wrap items-center gap-2 text-sm text-amber-900" data-testid="export-reauth">
          {FRESH_SIGN_IN_EXPLANATION} <SignInAgainButton label="Sign in again to export" />
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Export this filter:</span>
          {(["leads", "orders", "events"] as const).map((kind) => (
            <a
              key={kind}
              href={exportHref(kind)}
              download
              className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100"
            >
              {EXPORT_LABELS[kind]}
            </a>
          ))}
        </div>
      )}
      <p className="text-sm font-medium text-slate-700" data-testid="list-count">
        {matchText(count, { one: "lead", many: "leads" })}
      </p>
      <LeadsTable leads={page.leads} zone={me.timeZone} />
      <nav aria-label="Pages" className="flex gap-3 text-sm">
        {after && (
          <Link href={`/admin/leads?${new URLSearchParams(query).toString()}`} className="underline">
            First page
          </Link>
        )}
        {page.next && (
          <Link
            href={`/admin/leads?${new URLSearchParams({ ...query, after: page.next }).toString()}`}
            className="underline"
            rel="next"
          >
            Next 50
          </Link>
        )}
      </nav>
    </div>
  );
}
