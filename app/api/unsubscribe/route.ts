// POST /api/unsubscribe — RFC 8058 one-click unsubscribe; POST /unsubscribe?token=… is rewritten here by proxy.ts.
import { oneClickUnsubscribe } from "@/lib/mail/server/one-click-unsubscribe";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const POST = oneClickUnsubscribe;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/unsubscribe");
