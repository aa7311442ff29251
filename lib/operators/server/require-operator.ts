import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { operatorCookiesDuplicated } from "@/lib/operators/server/gate-auth-request";
import { ApiError } from "@/lib/platform/shared/api-error";
import { isFreshSignIn } from "@/lib/operators/shared/auth-rules";
import { can, isOperatorRole, needsFreshSignIn, type ConsoleAction } from "@/lib/operators/shared/permissions";
import type { OperatorRole } from "@/lib/operators/shared/permissions";

// Checked against PostgreSQL (no cookie cache). Two copies of a session cookie sign nobody in.

export type Operator = { id: string; email: string; name: string; role: OperatorRole; signedInAt: Date };

export async function operatorFromHeaders(requestHeaders: Headers): Promise<Operator | null> {
  if (operatorCookiesDuplicated(requestHeaders)) return null;
  const session = await getOperatorAuth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, email, name, role } = session.user;
  // An unknown value in the column grants nothing.
  return { id, email, name, role: isOperatorRole(role) ? role : "read_only", signedInAt: session.session.createdAt };
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

/** For pages: no session goes to sign-in; a role without the right goes to the overview. */
export async function requireOperator(action: ConsoleAction): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) redirect("/admin/sign-in");
  if (!can(operator.role, action)) redirect("/admin?refused=1");
  return operator;
}
