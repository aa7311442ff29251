// POST /api/unsubscribe — RFC 8058 one-click unsubscribe; POST /unsubscribe?token=… is rewritten here by proxy.ts.
import { oneClickUnsubscribe } from "@/lib/platform/server/mail/one-click-unsubscribe";
import { otherMethods } from "@/lib/platform/shared/route-methods";

export const POST = oneClickUnsubscribe;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/unsubscribe");
