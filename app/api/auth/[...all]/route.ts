// GET|POST /api/auth/* — better-auth's endpoints for the operator console (sign-in, passkeys, sign-out, session).
// The console's endpoints only, each through the app's body limit and input rules
// (lib/operators/server/gate-auth-request.ts); better-auth then checks origins and answers itself.
// Sign-up is disabled in lib/operators/server/auth.ts.
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { gateAuthRequest } from "@/lib/operators/server/gate-auth-request";
import { verifiedClientIp } from "@/lib/operators/server/sign-in-guard";
import { OPERATOR_CLIENT_IP_HEADER } from "@/lib/operators/shared/auth-rules";
import { ApiError, errorResponse } from "@/lib/platform/shared/api-error";
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

async function handle(request: Request): Promise<Response> {
  let gated: Request;
  try {
    gated = await gateAuthRequest(request);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  return getOperatorAuth().handler(withClientIp(gated));
}

export const GET = handle;
export const POST = handle;
