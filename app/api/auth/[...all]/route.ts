// GET|POST /api/auth/* — better-auth's endpoints for the operator console (sign-in, passkeys, sign-out, session).
// The library parses, checks origins (trustedOrigins = SITE_URL) and answers itself; jsonRoute
// would parse the body a second time. Sign-up is disabled in lib/admin/server/auth.ts.
import { toNextJsHandler } from "better-auth/next-js";
import { getAdminAuth } from "@/lib/admin/server/auth";
import { verifiedClientIp } from "@/lib/admin/server/sign-in-guard";
import { ADMIN_CLIENT_IP_HEADER } from "@/lib/admin/shared/auth-rules";
import { UNIDENTIFIED } from "@/lib/security/server/client-ip";

export const dynamic = "force-dynamic";

/** The request with the app's verified client address in the header better-auth reads (and nothing a client wrote there). */
function withClientIp(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete(ADMIN_CLIENT_IP_HEADER);
  const ip = verifiedClientIp(request.headers);
  if (ip !== UNIDENTIFIED) headers.set(ADMIN_CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}

export const { GET, POST } = toNextJsHandler((request: Request) => getAdminAuth().handler(withClientIp(request)));
