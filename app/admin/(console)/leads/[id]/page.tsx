import { BackLink } from "@/components/console/back-link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  CallsSection,
  ConsentSection,
  EmailsSection,
  NotesSection,
  OrdersSection,
  Section,
  SurveySection,
  TimelineSection,
} from "@/components/console/leads/lead-sections";
import { EraseLead, NoteForm, ResendWelcomeButton, TagEditor } from "@/components/console/leads/lead-actions";
import { RefusedNote } from "@/components/console/refused-note";
import { leadDetail, TIMELINE_LIMIT } from "@/lib/console/server/lead-detail";
import { can } from "@/lib/operators/shared/permissions";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { ExclusionControl } from "@/components/console/exclusion-control";
import { ExclusionTag } from "@/components/console/exclusion-tag";
import { isUuid } from "@/lib/shared/uuid";
import { BillingHistory } from "@/components/console/billing-history";
import { billingHistory } from "@/lib/console/server/billing-history";

// Viewing is not audited; exports and changes are.

export const metadata: Metadata = { title: "Lead" };
export const dynamic = "force-dynamic";

export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireOperator("console.view");
  const { id } = await params;
  const lead = isUuid(id) ? await leadDetail(id) : null;
  if (!lead) notFound();
  const billing = await billingHistory({ leadId: id });
  const p = lead.prospect;
  const zone = me.timeZone;
  const touch = (source: string, campaign: string) => [source || "(none)", campaign].filter(Boolean).join(" / ");
  return (
    <div className="flex flex-col gap-4">
      <BackLink href="/admin/leads" label="Leads" className="underline" />
      <div>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold break-words">
          {p.name} <ExclusionTag kind={p.excludedAs} />
        </h1>
        <p className="break-all text-slate-700" data-testid="lead-email">
          {p.email}
        </p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-600">Lead since</dt>
          <dd>{formatConsoleTime(p.createdAt, zone)}</dd>
          <dt className="text-slate-600">First touch</dt>
          <dd>{touch(p.firstUtmSource, p.firstUtmCampaign)}</dd>
          <dt className="text-slate-600">Last touch</dt>
          <dd>{touch(p.lastUtmSource, p.lastUtmCampaign)}</dd>
        </dl>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <NotesSection lead={lead} zone={zone}>
          {can(me.role, "leads.annotate") ? (
            <NoteForm leadId={p.id} />
          ) : (
            <RefusedNote role={me.role} action="leads.annotate" />
          )}
        </NotesSection>
        <Section id="tags-and-actions" title="Tags and actions">
          <div className="flex flex-col gap-4">
            <TagEditor leadId={p.id} tags={p.tags} canEdit={can(me.role, "leads.annotate")} />
            <ExclusionControl
              target="lead"
              id={p.id}
              excludedAs={p.excludedAs}
              setBy={lead.flaggedBy && `${lead.flaggedBy}, ${formatConsoleTime(p.excludedAt, zone)}`}
              canEdit={can(me.role, "records.flag")}
            />
            {can(me.role, "leads.email") ? (
              <ResendWelcomeButton leadId={p.id} />
            ) : (
              <RefusedNote role={me.role} action="leads.email" />
            )}
            {can(me.role, "privacy.erase") ? (
              <EraseLead leadId={p.id} email={p.email} />
            ) : (
              <RefusedNote role={me.role} action="privacy.erase" />
            )}
          </div>
        </Section>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <SurveySection lead={lead} zone={zone} />
        <ConsentSection lead={lead} zone={zone} />
      </div>
      <OrdersSection lead={lead} zone={zone} />
      <BillingHistory events={billing} zone={zone} />
      <EmailsSection lead={lead} zone={zone} />
      <CallsSection lead={lead} zone={zone} />
      <TimelineSection lead={lead} limit={TIMELINE_LIMIT} zone={zone} />
    </div>
  );
}
