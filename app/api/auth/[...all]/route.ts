// GET|POST /api/auth/* — better-auth's endpoints for the operator console (sign-in, sign-out, session).
// The library parses, checks origins (trustedOrigins = SITE_URL) and answers itself; jsonRoute
// would parse the body a second time. Sign-up is disabled in lib/admin/server/auth.ts.
import { toNextJsHandler } from "better-auth/next-js";
import { getAdminAuth } from "@/lib/admin/server/auth";

export const dynamic = "force-dynamic";

export const { GET, POST } = toNextJsHandler((request: Request) => getAdminAuth().handler(request));
