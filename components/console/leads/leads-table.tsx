import { ColumnHeads } from "@/components/console/column-heads";
import Link from "next/link";
import type { LeadRow } from "@/lib/console/server/leads-list";
import { formatCount } from "@/lib/console/shared/console-format";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { ExclusionTag } from "@/components/console/exclusion-tag";
import { LEAD_TRACKS } from "@/lib/leads/shared/lead-filter";
import { TRACK_LABELS } from "./lead-filter-form";

const cell = "px-2 py-1.5 whitespace-nowrap";

export function trackLabel(track: string | null): string {
  const known = LEAD_TRACKS.find((t) => t === track);
  return known ? TRACK_LABELS[known] : (track ?? "—");
}

export function LeadsTable({ leads, zone }: { leads: LeadRow[]; zone: string }) {
  if (leads.length === 0) return <p className="text-sm text-slate-600">No leads match this filter.</p>;
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label="Leads (scrolls sideways)"
    >
      <table className="min-w-full text-sm" data-testid="leads-table">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <ColumnHeads labels={["Lead", "Created", "First touch", "Track", "Qualified"]} first={cell} rest={cell} />
            <th scope="col" className={`${cell} text-right`}>
              Paid orders
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} className="border-b border-slate-100" data-lead={lead.id}>
              <td className={cell}>
                <Link href={`/admin/leads/${lead.id}`} className="font-medium text-blue-800 underline">
                  {lead.name}
                </Link>{" "}
                <ExclusionTag kind={lead.excludedAs} />
                <span className="block text-xs text-slate-600">{lead.email}</span>
              </td>
              <td className={cell}>{formatConsoleTime(lead.createdAt, zone)}</td>
              <td className={cell}>
                {lead.firstUtmSource || "(none)"}
                {lead.firstUtmCampaign && <span className="block text-xs text-slate-600">{lead.firstUtmCampaign}</span>}
              </td>
              <td className={cell}>{trackLabel(lead.track)}</td>
              <td className={cell}>{lead.qualified ? "Yes" : "No"}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatCount(lead.paidOrders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
