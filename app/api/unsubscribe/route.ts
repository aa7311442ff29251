// POST /api/unsubscribe — RFC 8058 one-click unsubscribe; POST /unsubscribe?token=… is rewritten here by proxy.ts.
import { oneClickUnsubscribe } from "@/lib/platform/server/mail/one-click-unsubscribe";

export const POST = oneClickUnsubscribe;
