import { randomUUID } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { generateRandomString, symmetricEncrypt } from "better-auth/crypto";
import { createOTP } from "@better-auth/utils/otp";
import { POST as setupPost } from "@/app/api/admin/setup/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { createOperator } from "@/lib/operators/server/set-up-operator";
import { getDb } from "@/lib/platform/server/db";
import { OPERATOR_FRESH_SIGN_IN_SECONDS, OPERATOR_TOTP_DIGITS } from "@/lib/operators/shared/auth-rules";
import type { OperatorRole } from "@/lib/operators/shared/permissions";
import { nextPeer, peerHeader } from "@/tests/support/http";

// A signed-in operator for the console's integration tests: created as operator:create does (an
// owner), the password set through the setup link, signed in through better-auth, then an
// authenticator app enrolled as the console demands (the code computed here, as the app would);
// `cookie` opens the enrolled session. `role` changes the role afterwards; `stale` dates the
// sign-in past the fresh window.

export const SITE = "http://localhost:3000";
export const OPERATOR_PASSWORD = "correct horse battery staple";

export type SignedInOperator = {
  operatorId: string;
  email: string;
  cookie: string;
  /** The authenticator app's secret, for codes at later sign-ins. */
  totpSecret: string;
  recoveryCodes: string[];
  role: OperatorRole;
};

export type OperatorOptions = { role?: OperatorRole; stale?: boolean };

export const uniqueOperatorEmail = () =>
  `op-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A same-origin POST to better-auth's endpoints (or the setup route), from a new address. */
export function authRequest(path: string, body: unknown, cookie?: string): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: SITE,
      ...peerHeader(nextPeer()),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** `cookie` with the pairs a response sets laid over it (an emptied cookie is dropped). */
export function withCookies(cookie: string, response: Response): string {
  const pairs = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(line) || pair.endsWith("=")) pairs.delete(name);
    else pairs.set(name, pair);
  }
  return [...pairs.values()].join("; ");
}

/** The code an authenticator app shows now for `secret` (the base32 text of the otpauth URI). */
export async function totpCode(secret: string): Promise<string> {
  const raw = new TextDecoder().decode(base32.decode(secret));
  return createOTP(raw, { digits: OPERATOR_TOTP_DIGITS }).totp();
}

/** The session behind `cookie`, as better-auth's get-session answers (null without one). */
export async function sessionOf(cookie: string): Promise<{ session: { id: string; token: string } } | null> {
  const response = await authGet(new Request(`${SITE}/api/auth/get-session`, { headers: { cookie, origin: SITE } }));
  return (await response.json()) as { session: { id: string; token: string } } | null;
}

/** An operator with a password and no second factor yet, and the setup link's token it used. */
export async function operatorWithPassword(
  email = uniqueOperatorEmail(),
): Promise<{ operatorId: string; email: string }> {
  const { link, operatorId } = await createOperator({ email });
  const token = new URL(link).searchParams.get("token") ?? "";
  const setup = await setupPost(authRequest("/api/admin/setup", { token, password: OPERATOR_PASSWORD }));
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status}`);
  return { operatorId, email };
}

/** Password sign-in; `cookie` is empty when better-auth asked for a second factor instead. */
export async function signInWithPassword(email: string, password = OPERATOR_PASSWORD): Promise<Response> {
  return authPost(authRequest("/api/auth/sign-in/email", { email, password }));
}

/** Enrols an authenticator app in the session behind `cookie`: enable, then the first code. */
export async function enrolTotp(
  cookie: string,
): Promise<{ cookie: string; totpSecret: string; recoveryCodes: string[] }> {
  const enable = await authPost(authRequest("/api/auth/two-factor/enable", { password: OPERATOR_PASSWORD }, cookie));
  if (enable.status !== 200) throw new Error(`two-factor enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const totpSecret = new URL(totpURI).searchParams.get("secret") ?? "";
  const verify = await authPost(
    authRequest("/api/auth/two-factor/verify-totp", { code: await totpCode(totpSecret) }, cookie),
  );
  if (verify.status !== 200) throw new Error(`two-factor verify failed: ${verify.status} ${await verify.text()}`);
  return { cookie: withCookies(cookie, verify), totpSecret, recoveryCodes: backupCodes };
}

/**
 * The quick way to an enrolled operator for tests about other things: the app's secret is written
 * as "enable" would (encrypted, not yet verified), skipping enable's second password hash, and the
 * real verify-totp finishes enrolment. second-factor.test.ts covers enable through HTTP.
 */
async function enrolTotpDirectly(
  operatorId: string,
  cookie: string,
): Promise<{ cookie: string; totpSecret: string; recoveryCodes: string[] }> {
  const { secretConfig } = await getOperatorAuth().$context;
  const raw = generateRandomString(32);
  const recoveryCodes = Array.from({ length: 10 }, () => generateRandomString(10, "a-z", "0-9", "A-Z")).map(
    (code) => `${code.slice(0, 5)}-${code.slice(5)}`,
  );
  await getDb().operatorTwoFactor.create({
    data: {
      id: randomUUID(),
      userId: operatorId,
      secret: await symmetricEncrypt({ key: secretConfig, data: raw }),
      backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(recoveryCodes) }),
      verified: false,
    },
  });
  const totpSecret = base32.encode(raw, { padding: false });
  const verify = await authPost(
    authRequest("/api/auth/two-factor/verify-totp", { code: await totpCode(totpSecret) }, cookie),
  );
  if (verify.status !== 200) throw new Error(`two-factor verify failed: ${verify.status} ${await verify.text()}`);
  return { cookie: withCookies(cookie, verify), totpSecret, recoveryCodes };
}

export async function signedInOperator({
  role = "owner",
  stale = false,
}: OperatorOptions = {}): Promise<SignedInOperator> {
  const { operatorId, email } = await operatorWithPassword();
  const signIn = await signInWithPassword(email);
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const enrolled = await enrolTotpDirectly(operatorId, withCookies("", signIn));
  if (role !== "owner") await getDb().operatorUser.update({ where: { id: operatorId }, data: { role } });
  if (stale) await makeSignInStale(operatorId);
  return { operatorId, email, ...enrolled, role };
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
