// POST /api/resend/webhook — Resend's delivery events, Svix-signed over the raw body; exempt from
// the origin check (Resend is cross-site by nature), so it does not use jsonRoute.
import { ApiError, errorResponse } from "@/lib/platform/shared/api-error";
import { readRawBody } from "@/lib/platform/shared/read-body";
import { handleResendWebhook } from "@/lib/platform/server/mail/resend-webhook";

// Resend's delivery events are a few hundred bytes.
const MAX_WEBHOOK_BYTES = 64 * 1024;

export async function POST(request: Request): Promise<Response> {
  let raw: Buffer;
  try {
    raw = await readRawBody(request, MAX_WEBHOOK_BYTES);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  return handleResendWebhook(raw, request.headers);
}
