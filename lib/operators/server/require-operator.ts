import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { operatorCookiesDuplicated } from "@/lib/operators/server/gate-auth-request";
import { getDb } from "@/lib/platform/server/db";
import { getConfig } from "@/lib/platform/server/config";
import { isTimeZone } from "@/lib/shared/zoned-time";
import { ApiError } from "@/lib/platform/shared/api-error";
import { isFreshSignIn } from "@/lib/operators/shared/auth-rules";
import { can, isOperatorRole, needsFreshSignIn, type ConsoleAction } from "@/lib/operators/shared/permissions";
import type { OperatorRole } from "@/lib/operators/shared/permissions";

// Checked against PostgreSQL (no cookie cache). Two copies of a session cookie sign nobody in.
// A session of an operator with neither an authenticator app nor a passkey opens only the page
// where they enrol one (SECURITY_PAGE); a password alone never opens the console.

export type Operator = {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  signedInAt: Date;
  /** The zone the console shows this operator's dates in: their own choice, else CONSOLE_TIME_ZONE. */
  timeZone: string;
  /** Whether the zone is the operator's own choice. */
  ownTimeZone: boolean;
};

export const SECURITY_PAGE = "/admin/operators/security";

/** The signed-in operator, and whether they have a second factor yet. */
export async function operatorStanding(
  requestHeaders: Headers,
): Promise<{ operator: Operator; enrolled: boolean } | null> {
  if (operatorCookiesDuplicated(requestHeaders)) return null;
  const session = await getOperatorAuth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, email, name, role, twoFactorEnabled, timeZone } = session.user;
  const enrolled = twoFactorEnabled === true || (await getDb().operatorPasskey.count({ where: { userId: id } })) > 0;
  // An unknown value in the column grants nothing.
  const operator = {
    id,
    email,
    name,
    role: isOperatorRole(role) ? role : "read_only",
    signedInAt: session.session.createdAt,
    ...consoleZone(timeZone),
  };
  return { operator, enrolled };
}

function consoleZone(chosen: string | null | undefined): { timeZone: string; ownTimeZone: boolean } {
  if (chosen && isTimeZone(chosen)) return { timeZone: chosen, ownTimeZone: true };
  return { timeZone: getConfig().CONSOLE_TIME_ZONE, ownTimeZone: false };
}

export async function operatorFromHeaders(requestHeaders: Headers): Promise<Operator | null> {
  const signedIn = await operatorStanding(requestHeaders);
  return signedIn?.enrolled ? signedIn.operator : null;
}

/**
 * The one check of a console action: the role's right (403 forbidden), then, for a dangerous
 * action, a sign-in within the last minutes (403 reauthentication_required).
 */
export function authorizeAction(operator: Operator, action: ConsoleAction, now = new Date()): void {
  if (!can(operator.role, action)) throw new ApiError("forbidden");
  if (needsFreshSignIn(action) && !isFreshSignIn(operator.signedInAt, now)) {
    throw new ApiError("reauthentication_required");
  }
}

export async function currentOperator(): Promise<Operator | null> {
  return operatorFromHeaders(await headers());
}

/**
 * For pages: no session goes to sign-in, no second factor to the page where one is enrolled, and a
 * role without the right to the overview.
 */
export async function requireOperator(action: ConsoleAction): Promise<Operator> {
  const signedIn = await operatorStanding(await headers());
  if (!signedIn) redirect("/admin/sign-in");
  if (!signedIn.enrolled) redirect(SECURITY_PAGE);
  if (!can(signedIn.operator.role, action)) redirect("/admin?refused=1");
  return signedIn.operator;
}

/** Any signed-in operator, enrolled or not: the layout, and the page where they enrol. */
export async function requireSignedIn(): Promise<{ operator: Operator; enrolled: boolean }> {
  const signedIn = await operatorStanding(await headers());
  if (!signedIn) redirect("/admin/sign-in");
  return signedIn;
}
