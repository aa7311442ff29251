import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAdminAuth } from "@/lib/admin/server/auth";

// Every console page starts here: the session is checked on the server against PostgreSQL (no
// cookie cache), and a visitor without one goes to the sign-in form.

export type Operator = { id: string; email: string; name: string };

/** The signed-in operator, or null. */
export async function currentOperator(): Promise<Operator | null> {
  const session = await getAdminAuth().api.getSession({ headers: await headers() });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}

export async function requireOperator(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) redirect("/admin/sign-in");
  return operator;
}
