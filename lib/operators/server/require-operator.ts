import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { operatorCookiesDuplicated } from "@/lib/operators/server/gate-auth-request";

// Checked against PostgreSQL (no cookie cache). Two copies of a session cookie sign nobody in.

export type Operator = { id: string; email: string; name: string };

export async function operatorFromHeaders(requestHeaders: Headers): Promise<Operator | null> {
  if (operatorCookiesDuplicated(requestHeaders)) return null;
  const session = await getOperatorAuth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}

export async function currentOperator(): Promise<Operator | null> {
  return operatorFromHeaders(await headers());
}

export async function requireOperator(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) redirect("/admin/sign-in");
  return operator;
}
