// POST /api/resend/webhook — Resend's delivery events, Svix-signed over the raw body; exempt from
// the origin check (Resend is cross-site by nature), so it does not use jsonRoute.
import { rawBodyRoute } from "@/lib/platform/server/http/raw-body-route";
import { handleResendWebhook } from "@/lib/platform/server/mail/resend-webhook";

// Resend's delivery events are a few hundred bytes.
const MAX_WEBHOOK_BYTES = 64 * 1024;

export const POST = rawBodyRoute(MAX_WEBHOOK_BYTES, (raw, request) => handleResendWebhook(raw, request.headers));
