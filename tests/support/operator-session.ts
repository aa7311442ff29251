import { POST as setupPost } from "@/app/api/admin/setup/route";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { createOperator } from "@/lib/operators/server/set-up-operator";
import { nextPeer, peerHeader } from "@/tests/support/http";

// A signed-in operator for the console's integration tests: created as operator:create does, the
// password set through the setup link, signed in through better-auth; `cookie` opens the session.

export const SITE = "http://localhost:3000";
export const OPERATOR_PASSWORD = "correct horse battery staple";

export type SignedInOperator = { operatorId: string; email: string; cookie: string };

function post(path: string, body: unknown): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...peerHeader(nextPeer()) },
    body: JSON.stringify(body),
  });
}

export async function signedInOperator(): Promise<SignedInOperator> {
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
  return { operatorId, email, cookie };
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
