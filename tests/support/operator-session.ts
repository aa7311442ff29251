import { POST as setupPost } from "@/app/api/admin/setup/route";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { createOperator } from "@/lib/operators/server/set-up-operator";
import { OPERATOR_FRESH_SIGN_IN_SECONDS } from "@/lib/operators/shared/auth-rules";
import type { OperatorRole } from "@/lib/operators/shared/permissions";
import { getDb } from "@/lib/platform/server/db";
import { nextPeer, peerHeader } from "@/tests/support/http";

// A signed-in operator for the console's integration tests: created as operator:create does (an
// owner), the password set through the setup link, signed in through better-auth; `cookie` opens
// the session. `role` changes the role afterwards; `stale` dates the sign-in past the fresh window.

export const SITE = "http://localhost:3000";
export const OPERATOR_PASSWORD = "correct horse battery staple";

export type SignedInOperator = { operatorId: string; email: string; cookie: string; role: OperatorRole };

export type OperatorOptions = { role?: OperatorRole; stale?: boolean };

function post(path: string, body: unknown): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...peerHeader(nextPeer()) },
    body: JSON.stringify(body),
  });
}

export async function signedInOperator({
  role = "owner",
  stale = false,
}: OperatorOptions = {}): Promise<SignedInOperator> {
  const email = `op-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { link, operatorId } = await createOperator({ email });
  const token = new URL(link).searchParams.get("token") ?? "";
  const setup = await setupPost(post("/api/admin/setup", { token, password: OPERATOR_PASSWORD }));
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status}`);
  const signIn = await authPost(post("/api/auth/sign-in/email", { email, password: OPERATOR_PASSWORD }));
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (role !== "owner") await getDb().operatorUser.update({ where: { id: operatorId }, data: { role } });
  if (stale) await makeSignInStale(operatorId);
  return { operatorId, email, cookie, role };
}

/** The operator's sessions signed in a minute longer ago than a dangerous action allows. */
export async function makeSignInStale(operatorId: string): Promise<void> {
  const signedInAt = new Date(Date.now() - (OPERATOR_FRESH_SIGN_IN_SECONDS + 60) * 1000);
  await getDb().operatorSession.updateMany({ where: { userId: operatorId }, data: { createdAt: signedInAt } });
}

/** A same-origin request to a console API, with the operator's cookie when one is given. */
export function adminRequest(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Request {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  return new Request(`${SITE}${path}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      origin: SITE,
      ...peerHeader(nextPeer()),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
