import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { operatorCookiesDuplicated } from "@/lib/operators/server/gate-auth-request";
import { getDb } from "@/lib/platform/server/db";

// Checked against PostgreSQL (no cookie cache). Two copies of a session cookie sign nobody in.
// A session of an operator with neither an authenticator app nor a passkey opens only the page
// where they enrol one (SECURITY_PAGE); a password alone never opens the console.

export type Operator = { id: string; email: string; name: string };

export const SECURITY_PAGE = "/admin/operators/security";

/** The signed-in operator, and whether they have a second factor yet. */
export async function operatorStanding(
  requestHeaders: Headers,
): Promise<{ operator: Operator; enrolled: boolean } | null> {
  if (operatorCookiesDuplicated(requestHeaders)) return null;
  const session = await getOperatorAuth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, email, name, twoFactorEnabled } = session.user;
  const enrolled = twoFactorEnabled === true || (await getDb().operatorPasskey.count({ where: { userId: id } })) > 0;
  return { operator: { id, email, name }, enrolled };
}

export async function operatorFromHeaders(requestHeaders: Headers): Promise<Operator | null> {
  const signedIn = await operatorStanding(requestHeaders);
  return signedIn?.enrolled ? signedIn.operator : null;
}

export async function currentOperator(): Promise<Operator | null> {
  return operatorFromHeaders(await headers());
}

export async function requireOperator(): Promise<Operator> {
  const signedIn = await operatorStanding(await headers());
  if (!signedIn) redirect("/admin/sign-in");
  if (!signedIn.enrolled) redirect(SECURITY_PAGE);
  return signedIn.operator;
}

/** Any signed-in operator, enrolled or not: the layout, and the page where they enrol. */
export async function requireSignedIn(): Promise<{ operator: Operator; enrolled: boolean }> {
  const signedIn = await operatorStanding(await headers());
  if (!signedIn) redirect("/admin/sign-in");
  return signedIn;
}
