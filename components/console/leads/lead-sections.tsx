import { OrderStatusBadge } from "@/components/console/order-status-badge";
import { TableHead } from "@/components/console/column-heads";
import Link from "next/link";
import type { ReactNode } from "react";
import type { LeadDetail } from "@/lib/console/server/lead-detail";
import { formatMoney } from "@/lib/console/shared/console-format";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { ExclusionTag } from "@/components/console/exclusion-tag";
import { emailDelivery } from "@/lib/console/shared/email-delivery";
import { trackLabel } from "./leads-table";
import { lineText } from "@/lib/console/shared/lead-timeline";

const cell = "px-2 py-1.5 align-top";
const headRow = "border-b border-slate-200 text-left text-slate-600";

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${label} (scrolls sideways)`}>
      {children}
    </div>
  );
}

const none = (what: string) => <p className="text-slate-600">No {what}.</p>;

const SURVEY_FIELDS = [
  ["readyToImplement", "Ready to implement"],
  ["hasBudget", "Has budget"],
  ["willSaveMoney", "Will save money"],
  ["industry", "Industry"],
  ["revenue", "Revenue"],
  ["aiExperience", "AI experience"],
  ["businessMotivation", "Business motivation"],
  ["investmentPlan", "Investment plan"],
  ["businessVision", "Business vision"],
] as const;

export function SurveySection({ lead, zone }: { lead: LeadDetail; zone: string }) {
  const answers = lead.prospect.surveyResponses;
  return (
    <Section id="survey" title="Survey answers">
      {answers.length === 0
        ? none("survey answers")
        : answers.map((r) => (
            <div key={r.id} className="mb-3 border-b border-slate-100 pb-3 last:mb-0 last:border-0">
              <p className="font-medium">
                {formatConsoleTime(r.createdAt, zone)} · {trackLabel(r.track)} ·{" "}
                {r.qualified ? "qualified" : "not qualified"}{" "}
                <span className="text-xs text-slate-500">(rules {r.ruleVersion})</span>
              </p>
              <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                {SURVEY_FIELDS.filter(([key]) => r[key]).map(([key, label]) => (
                  <div key={key} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-words">{r[key]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
    </Section>
  );
}

export function TimelineSection({ lead, limit, zone }: { lead: LeadDetail; limit: number; zone: string }) {
  return (
    <Section id="timeline" title="Timeline">
      <p className="mb-2 text-slate-600">
        {lead.prospect.sessions.length} session(s);{" "}
        {lead.events.length === limit ? `the latest ${limit} events` : `${lead.events.length} events`}, oldest first. A
        step repeated in a row shows once, with its count.
      </p>
      {lead.timeline.length === 0 ? (
        none("funnel events")
      ) : (
        <ol className="flex flex-col gap-1" data-testid="timeline-lines">
          {lead.timeline.map((line, index) => (
            <li key={index} className="grid gap-x-3 border-b border-slate-100 pb-1 sm:grid-cols-[15rem_1fr]">
              <time dateTime={line.at.toISOString()} className="text-slate-600 tabular-nums">
                {formatConsoleTime(line.at, zone)}
              </time>
              <span className="font-medium break-words" data-testid="timeline-line">
                {lineText(line)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function NotesSection({ lead, children, zone }: { lead: LeadDetail; children?: ReactNode; zone: string }) {
  return (
    <Section id="notes" title="Notes">
      {lead.notes.length === 0 ? (
        none("notes")
      ) : (
        <ul className="mb-3 flex flex-col gap-2" data-testid="lead-notes">
          {lead.notes.map((note) => (
            <li key={note.id} className="border-b border-slate-100 pb-2">
              <p className="text-xs text-slate-600">
                {formatConsoleTime(note.createdAt, zone)} · {note.author}
              </p>
              <p className="break-words whitespace-pre-wrap">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
      {children}
    </Section>
  );
}

export function OrdersSection({ lead, zone }: { lead: LeadDetail; zone: string }) {
  const orders = lead.prospect.orders;
  return (
    <Section id="orders" title="Orders">
      {orders.length === 0 ? (
        none("orders")
      ) : (
        <Scroll label="Orders">
          <table className="min-w-full">
            <TableHead
              row={headRow}
              labels={["Created", "Product", "Qty", "Total", "Refunded", "Status", "Subscription"]}
              first={cell}
              rest={cell}
            />
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-b border-slate-100">
                  <td className={`${cell} whitespace-nowrap`}>
                    <Link href={`/admin/orders/${o.id}`} className="text-blue-700 underline">
                      {formatConsoleTime(o.createdAt, zone)}
                    </Link>
                  </td>
                  <td className={cell}>{o.productName}</td>
                  <td className={`${cell} tabular-nums`}>{o.quantity}</td>
                  <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatMoney(o.totalAmount, o.currency)}</td>
                  <td className={cell} data-testid="lead-order-refunds">
                    {o.refunds.length === 0 ? (
                      "—"
                    ) : (
                      <ul>
                        {o.refunds.map((r) => (
                          <li key={r.id} className="whitespace-nowrap tabular-nums">
                            {formatMoney(r.amount, r.currency)} on {formatConsoleTime(r.createdAt, zone)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={cell}>
                    <OrderStatusBadge
                      status={o.status}
                      refundedAmount={o.refunds.reduce((sum, r) => sum + r.amount, 0)}
                    />{" "}
                    <ExclusionTag kind={o.excludedAs} />
                  </td>
                  <td className={cell}>
                    {o.subscription ? `${o.subscription.status}, ${o.subscription.quantity} seat(s)` : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Section>
  );
}

export function EmailsSection({ lead, zone }: { lead: LeadDetail; zone: string }) {
  const emails = lead.prospect.emails;
  return (
    <Section id="emails" title="E-mails">
      {emails.length === 0 ? (
        none("e-mails")
      ) : (
        <Scroll label="E-mails">
          <table className="min-w-full">
            <TableHead
              row={headRow}
              labels={["Queued", "Template", "Subject", "Status", "Sent or logged"]}
              first={cell}
              rest={cell}
            />
            <tbody>
              {emails.map((m) => {
                const delivery = emailDelivery(m.status, m.sentAt);
                return (
                  <tr key={m.id} className="border-b border-slate-100">
                    <td className={`${cell} whitespace-nowrap`}>{formatConsoleTime(m.createdAt, zone)}</td>
                    <td className={cell}>{m.template}</td>
                    <td className={cell}>{m.subject}</td>
                    <td className={cell} data-testid="email-status">
                      {delivery.label}
                      {m.attempts > 1 && <span className="block text-xs text-slate-500">{m.attempts} attempts</span>}
                      {m.error && <span className="block text-xs text-red-700">{m.error}</span>}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {delivery.at ? formatConsoleTime(delivery.at, zone) : "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Scroll>
      )}
    </Section>
  );
}

export function ConsentSection({ lead, zone }: { lead: LeadDetail; zone: string }) {
  const { phoneConsents } = lead.prospect;
  return (
    <Section id="consent" title="Consent and unsubscribe">
      <p data-testid="suppression">
        Marketing e-mail:{" "}
        {lead.suppression ? (
          <strong>
            unsubscribed ({lead.suppression.reason.toLowerCase().replace(/_/g, " ")},{" "}
            {formatConsoleTime(lead.suppression.createdAt, zone)})
          </strong>
        ) : (
          "subscribed (not on the suppression list)"
        )}
      </p>
      {phoneConsents.length === 0 ? (
        <p className="mt-2 text-slate-600">No phone consent given.</p>
      ) : (
        phoneConsents.map((c) => (
          <dl
            key={c.id}
            className="mt-3 grid gap-x-4 gap-y-1 border-t border-slate-100 pt-3 sm:grid-cols-[max-content_1fr]"
          >
            <dt className="text-slate-600">Phone</dt>
            <dd>{c.phoneE164}</dd>
            <dt className="text-slate-600">Given</dt>
            <dd>{formatConsoleTime(c.createdAt, zone)}</dd>
            <dt className="text-slate-600">Consent text version (SHA-256)</dt>
            <dd className="break-all font-mono text-xs">{c.consentVersion}</dd>
            <dt className="text-slate-600">Consent text</dt>
            <dd>{c.consentText}</dd>
            <dt className="text-slate-600">Page</dt>
            <dd className="break-all">{c.pageUrl}</dd>
            <dt className="text-slate-600">IP address</dt>
            <dd>{c.ip}</dd>
            <dt className="text-slate-600">User agent</dt>
            <dd className="break-all">{c.userAgent}</dd>
          </dl>
        ))
      )}
    </Section>
  );
}

export function CallsSection({ lead, zone }: { lead: LeadDetail; zone: string }) {
  const { scheduledCalls, bookings } = lead.prospect;
  return (
    <Section id="calls" title="Calls and bookings">
      {scheduledCalls.length === 0 && bookings.length === 0 ? (
        none("calls")
      ) : (
        <ul className="flex flex-col gap-2">
          {bookings.map((b) => (
            <li key={b.id}>
              Built-in calendar: {formatConsoleTime(b.startsAt, zone)} (visitor&apos;s zone: {b.visitorTimezone}) ·{" "}
              {b.status.toLowerCase()}
              {b.canceledAt && `, cancelled ${formatConsoleTime(b.canceledAt, zone)}`}
            </li>
          ))}
          {scheduledCalls
            .filter((c) => !c.bookingId)
            .map((c) => (
              <li key={c.id}>
                Booking widget: {c.scheduledTime ? formatConsoleTime(c.scheduledTime, zone) : "time not reported"} ·{" "}
                {c.eventType} (visitor&apos;s zone: {c.userTimezone})
                {c.canceledAt && `, cancelled ${formatConsoleTime(c.canceledAt, zone)}`}
              </li>
            ))}
        </ul>
      )}
    </Section>
  );
}
