import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/platform/shared/api-error";
import { readJsonBody } from "@/lib/platform/shared/read-body";
import { hasDuplicateCookie, hostCookieName } from "@/lib/platform/shared/cookie-header";
import { getConfig } from "@/lib/platform/server/config";
import { parseInput, queryInput } from "@/lib/platform/server/http/json-route";
import { isOtherAddressOfSite, requestOriginOf } from "@/lib/platform/shared/origin";
import {
  OPERATOR_AUTH_BASE_PATH,
  OPERATOR_COOKIE_PREFIX,
  OPERATOR_TOTP_DIGITS,
  wrongAddressMessage,
} from "@/lib/operators/shared/auth-rules";
import { operatorNameSchema } from "@/lib/operators/shared/operator-name";

// better-auth reads a whole body before any check and stores what it is given. Only the endpoints
// the console calls are open, each behind the app's body limit and a rule for what it stores.

const AUTH_BODY_LIMIT = 16 * 1024;

const webAuthnResponse = z.record(z.string(), z.unknown());

const password = z.string().min(1).max(128);
const withPassword = z.strictObject({ password });

const totpCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OPERATOR_TOTP_DIGITS}}$`), { message: "Enter the code your authenticator app shows." });

/** Stored as "abcde-12345"; typed with or without the dash. */
const recoveryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { message: "Enter one of your recovery codes." })
  .transform((code) => (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`));

/** The session's length is the server's rule: a client's rememberMe (false would mean a fixed 24 h) is dropped. */
const passwordSignIn = z
  .strictObject({
    email: z.string().trim().min(1).max(254),
    password,
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().max(2048).optional(),
  })
  .transform(({ email, password: given, callbackURL }) => ({ email, password: given, callbackURL }));

const ENDPOINTS: Record<string, { GET?: true; POST?: z.ZodType }> = {
  "/get-session": { GET: true },
  "/sign-in/email": { POST: passwordSignIn },
  "/sign-out": { POST: z.strictObject({}) },
  "/passkey/generate-register-options": { GET: true },
  "/passkey/generate-authenticate-options": { GET: true },
  "/passkey/verify-registration": {
    POST: z.strictObject({ response: webAuthnResponse, name: operatorNameSchema.optional() }),
  },
  "/passkey/verify-authentication": { POST: z.strictObject({ response: webAuthnResponse }) },
  "/passkey/delete-passkey": { POST: z.strictObject({ id: z.string().min(1).max(255) }) },
  // TOTP only (no e-mailed codes), and no "trust this device": every password sign-in asks for a code.
  "/two-factor/enable": { POST: withPassword },
  "/two-factor/disable": { POST: withPassword },
  "/two-factor/generate-backup-codes": { POST: withPassword },
  "/two-factor/verify-totp": { POST: z.strictObject({ code: totpCode }) },
  "/two-factor/verify-backup-code": { POST: z.strictObject({ code: recoveryCode }) },
};

/** A planted copy beside the real one: which one better-auth would read is not ours to guess. */
export function operatorCookiesDuplicated(headers: Headers): boolean {
  return hasDuplicateCookie(headers.get("cookie"), hostCookieName(OPERATOR_COOKIE_PREFIX, getConfig().SITE_URL));
}

/**
 * better-auth would refuse it as "Invalid origin", a message that reads like a wrong password; refused
 * here instead, before any sign-in budget or failure is counted, with what to do about it.
 */
function refuseOtherAddress(request: Request): void {
  const { SITE_URL, TRUSTED_PROXY_HOPS } = getConfig();
  const siteOrigin = new URL(SITE_URL).origin;
  const other = isOtherAddressOfSite({
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    requestOrigin: requestOriginOf(request.headers, TRUSTED_PROXY_HOPS, new URL(request.url).protocol) ?? "",
    siteOrigin,
  });
  if (other) throw new ApiError("wrong_origin", wrongAddressMessage(siteOrigin));
}

/**
 * The request better-auth may see, rebuilt from the checked body; an ApiError for anything else
 * (403 from another address of the site, 404 for an endpoint the console does not use, 413, 408, 400).
 */
export async function gateAuthRequest(request: Request): Promise<Request> {
  if (operatorCookiesDuplicated(request.headers)) {
    throw new ApiError("invalid_request", "The request carries two copies of a console cookie.");
  }
  const endpoint = ENDPOINTS[new URL(request.url).pathname.slice(OPERATOR_AUTH_BASE_PATH.length)];
  const query = queryInput(request);
  if (request.method === "GET" && endpoint?.GET) {
    if (query.name !== undefined) parseInput(operatorNameSchema, query.name);
    return request;
  }
  const schema = request.method === "POST" ? endpoint?.POST : undefined;
  if (!schema) throw new ApiError("not_found");
  refuseOtherAddress(request);
  // Sign-out may come with no body at all.
  const empty = request.body === null || request.headers.get("content-length") === "0";
  const body = empty ? {} : await readJsonBody(request, AUTH_BODY_LIMIT);
  const checked = parseInput(schema, body);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(checked) });
}
