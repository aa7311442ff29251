// GET|POST /api/auth/* — better-auth's endpoints for the operator console (sign-in, passkeys, sign-out, session).
// The library parses, checks origins (trustedOrigins = SITE_URL) and answers itself; jsonRoute
// would parse the body a second time. Sign-up is disabled in lib/operators/server/auth.ts.
import { toNextJsHandler } from "better-auth/next-js";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { verifiedClientIp } from "@/lib/operators/server/sign-in-guard";
import { OPERATOR_CLIENT_IP_HEADER } from "@/lib/operators/shared/auth-rules";
import { UNIDENTIFIED } from "@/lib/platform/server/security/client-ip";

export const dynamic = "force-dynamic";

/** The request with the app's verified client address in the header better-auth reads (and nothing a client wrote there). */
function withClientIp(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete(OPERATOR_CLIENT_IP_HEADER);
  const ip = verifiedClientIp(request.headers);
  if (ip !== UNIDENTIFIED) headers.set(OPERATOR_CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}

export const { GET, POST } = toNextJsHandler((request: Request) => getOperatorAuth().handler(withClientIp(request)));
