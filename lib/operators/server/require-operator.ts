import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getOperatorAuth } from "@/lib/operators/server/auth";

// Every console page starts here: the session is checked on the server against PostgreSQL (no
// cookie cache), and a visitor without one goes to the sign-in form.

export type Operator = { id: string; email: string; name: string };

/** The operator whose session cookie these request headers carry, or null. */
export async function operatorFromHeaders(requestHeaders: Headers): Promise<Operator | null> {
  const session = await getOperatorAuth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}

/** The signed-in operator of the page being rendered, or null. */
export async function currentOperator(): Promise<Operator | null> {
  return operatorFromHeaders(await headers());
}

export async function requireOperator(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) redirect("/admin/sign-in");
  return operator;
}
