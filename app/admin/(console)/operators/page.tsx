import { ConsoleSection } from "@/components/console/console-section";
import type { Metadata } from "next";
import Link from "next/link";
import { InviteOperatorForm } from "@/components/console/invite-operator-form";
import { RemoveOperatorButton } from "@/components/console/remove-operator-button";
import { SendSetupLinkButton } from "@/components/console/send-setup-link-button";
import { OperatorRoleSelect } from "@/components/console/operator-role-select";
import { RefusedNote } from "@/components/console/refused-note";
import { SignInAgainButton } from "@/components/console/reauth-prompt";
import { can, OPERATOR_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/operators/shared/permissions";
import { FRESH_SIGN_IN_EXPLANATION, isFreshSignIn } from "@/lib/operators/shared/auth-rules";
import { listOperators } from "@/lib/console/server/operators-list";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";

export const metadata: Metadata = { title: "Operators" };
export const dynamic = "force-dynamic";

export default async function OperatorsPage() {
  const me = await requireOperator("console.view");
  const manages = can(me.role, "operators.manage");
  const operators = await listOperators();
  return (
    <div className="space-y-10">
      <section aria-labelledby="operators-heading" className="space-y-4">
        <h1 id="operators-heading" className="text-2xl font-bold">
          Operators
        </h1>
        {/* A list rather than a table: long e-mails wrap, nothing scrolls sideways at 390 px. */}
        <ul className="divide-y divide-slate-200 rounded border border-slate-200" aria-label="Operators">
          {operators.map((operator) => (
            <li
              key={operator.id}
              data-testid="operator-row"
              className="grid gap-2 px-3 py-3 text-sm md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] md:items-center"
            >
              <span className="min-w-0">
                <span className="block font-medium break-all">{operator.name}</span>
                <span className="block break-all text-slate-600">{operator.email}</span>
                {!operator.hasPassword && <span className="text-xs text-amber-800">no password set yet</span>}
              </span>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-slate-600">
                <dt>Created</dt>
                <dd>{formatConsoleTime(operator.createdAt, me.timeZone)}</dd>
                <dt>Last sign-in</dt>
                <dd>{formatConsoleTime(operator.lastSignInAt, me.timeZone)}</dd>
                <dt>Role</dt>
                <dd data-testid="operator-role">{ROLE_LABELS[operator.role]}</dd>
                <dt>Passkeys</dt>
                <dd data-testid="passkey-count">{operator.passkeys}</dd>
              </dl>
              {operator.id === me.id ? (
                <span className="text-xs text-slate-600">you</span>
              ) : !manages ? null : (
                <span className="flex flex-wrap gap-2">
                  <OperatorRoleSelect operatorId={operator.id} email={operator.email} role={operator.role} />
                  <SendSetupLinkButton operatorId={operator.id} email={operator.email} />
                  <RemoveOperatorButton operatorId={operator.id} email={operator.email} />
                </span>
              )}
            </li>
          ))}
        </ul>
        <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          {OPERATOR_ROLES.map((role) => (
            <div key={role} className="contents">
              <dt className="font-medium">{ROLE_LABELS[role]}</dt>
              <dd>{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
        {!manages && <RefusedNote role={me.role} action="operators.manage" />}
      </section>

      {manages && (
        <ConsoleSection id="invite-heading" title="Invite an operator">
          <p className="text-sm text-slate-600">
            They get an e-mail with a link to set their password. The link works once, for one hour.
          </p>
          {!isFreshSignIn(me.signedInAt) && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-amber-900">
              {FRESH_SIGN_IN_EXPLANATION} <SignInAgainButton />
            </p>
          )}
          <InviteOperatorForm />
        </ConsoleSection>
      )}

      <ConsoleSection id="security-link-heading" title="Your sign-in security">
        <p className="text-sm">
          <Link href="/admin/operators/security" className="underline">
            Passkeys, authenticator app and recovery codes
          </Link>
        </p>
      </ConsoleSection>
    </div>
  );
}
