import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeadlineBadge } from "@/components/console/deadline-badge";
import { PrivacyRequestActions } from "@/components/console/privacy-request-actions";
import { RefusedNote } from "@/components/console/refused-note";
import { can } from "@/lib/operators/shared/permissions";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { isSuppressed } from "@/lib/platform/server/mail/suppression-list";
import { getDb } from "@/lib/platform/server/db";
import { recordCounts, recordsFor } from "@/lib/privacy/server/person-records";
import { privacyFlags } from "@/lib/platform/server/privacy-flags";
import { actionDone } from "@/lib/privacy/server/request-actions";
import { isOpenPrivacyStatus } from "@/lib/privacy/shared/deadlines";
import { deadlineMark } from "@/lib/privacy/shared/queue-rules";
import { ACTION_FOR_TYPE, isPrivacyRequestType } from "@/lib/privacy/shared/request-outcomes";
import { requestTypeLabel } from "@/lib/privacy/shared/request-types";
import { isUuid } from "@/lib/shared/uuid";
import { verificationNote } from "@/lib/privacy/shared/verification";

export const metadata: Metadata = { title: "Privacy request" };
export const dynamic = "force-dynamic";

export default async function PrivacyRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireOperator("console.view");
  const when = (date: Date) => formatConsoleTime(date, me.timeZone);
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = getDb();
  const request = await db.privacyRequest.findUnique({ where: { id } });
  if (!request) notFound();
  const [records, flags, suppressed, done, history] = await Promise.all([
    recordsFor(db, request.email),
    privacyFlags(db, request.email),
    isSuppressed(request.email),
    actionDone(db, request),
    db.auditLog.findMany({
      where: { targetType: "privacy_request", targetId: request.id },
      orderBy: { at: "asc" },
    }),
  ]);
  const operatorIds = [...new Set([request.completedBy, ...history.map((h) => h.operatorId)])].filter(
    (value): value is string => typeof value === "string",
  );
  const operators = new Map(
    (await db.operatorUser.findMany({ where: { id: { in: operatorIds } }, select: { id: true, email: true } })).map(
      (o) => [o.id, o.email],
    ),
  );
  const type = isPrivacyRequestType(request.requestType) ? request.requestType : null;
  const now = new Date();
  const unverified = verificationNote(request, now);
  // Until the requester confirms the address, no action and no completion.
  const open = isOpenPrivacyStatus(request.status) && !unverified;
  const counts = recordCounts(records);
  const held = counts.reduce((sum, c) => sum + c.rows, 0);

  return (
    <div className="space-y-6">
      <p>
        <Link href="/admin/privacy" className="text-sm underline">
          ← Privacy requests
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words">{type ? requestTypeLabel(type) : request.requestType}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <DeadlineBadge mark={deadlineMark(request, now)} />
          <span data-testid="request-status" className="font-medium">
            Status: {unverified ?? request.status}
          </span>
        </div>
      </header>

      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd className="break-words">{request.name}</dd>
        <dt className="font-medium text-slate-600">E-mail</dt>
        <dd className="break-all" data-testid="request-email">
          {request.email}
        </dd>
        <dt className="font-medium text-slate-600">Received</dt>
        <dd>{when(request.createdAt)}</dd>
        <dt className="font-medium text-slate-600">Verified</dt>
        <dd data-testid="request-verified">
          {request.verifiedAt
            ? when(request.verifiedAt)
            : `${unverified}: the requester has not opened the e-mailed link`}
        </dd>
        <dt className="font-medium text-slate-600">Answer by</dt>
        <dd>{when(request.respondBy)}</dd>
        <dt className="font-medium text-slate-600">Details</dt>
        <dd className="break-words whitespace-pre-wrap">{request.details || "—"}</dd>
        {request.completedAt ? (
          <>
            <dt className="font-medium text-slate-600">Completed</dt>
            <dd>
              {when(request.completedAt)} by {operators.get(request.completedBy ?? "") ?? "an operator"}
            </dd>
          </>
        ) : null}
      </dl>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">What the funnel holds for this e-mail</h2>
        <p className="text-sm text-slate-600" data-testid="held-total">
          {held} rows in {counts.filter((c) => c.rows > 0).length} tables.
        </p>
        <div className="overflow-x-auto">
          <table className="w-full max-w-md text-sm" data-testid="held-counts">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="py-1 pr-4 font-medium">Table</th>
                <th className="py-1 font-medium">Rows</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((c) => (
                <tr key={c.table} data-table={c.table} className={c.rows ? "font-semibold" : "text-slate-500"}>
                  <td className="py-0.5 pr-4 font-mono">{c.table}</td>
                  <td className="py-0.5 tabular-nums">{c.rows}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="text-sm text-slate-700">
          <li>Marketing e-mail: {suppressed ? "suppressed" : "allowed"}</li>
          <li>Sharing (outgoing webhooks): {flags.optOutSharing ? "opted out" : "allowed"}</li>
          <li>Sensitive inferences shared: {flags.limitSensitive ? "limited" : "allowed"}</li>
        </ul>
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Actions</h2>
        {can(me.role, "privacy.handle") ? (
          <PrivacyRequestActions
            requestId={request.id}
            action={type ? ACTION_FOR_TYPE[type] : null}
            actionDone={done}
            open={open}
          />
        ) : (
          <RefusedNote role={me.role} action="privacy.handle" />
        )}
        {type === "correct" ? (
          <p className="text-sm text-slate-600">
            Corrections are made by hand (the lead&apos;s record); complete the request once done.
          </p>
        ) : null}
        {type === "withdraw_consent" ? (
          <p className="text-sm text-slate-600">
            The app keeps no phone suppression list: also take the number off every calling and texting list.
          </p>
        ) : null}
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">History</h2>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">No action yet.</p>
        ) : (
          <ol className="space-y-1 text-sm" data-testid="request-history">
            {history.map((entry) => (
              <li key={entry.id.toString()}>
                <span className="font-mono">{entry.action}</span> · {when(entry.at)} ·{" "}
                {operators.get(entry.operatorId ?? "") ?? "command line"}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
