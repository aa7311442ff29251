import "server-only";
import { z } from "zod";
import { ApiError, errorResponse, unavailable } from "@/lib/platform/shared/api-error";
import { readRawBody } from "@/lib/platform/shared/read-body";
import { recordOutage } from "@/lib/platform/server/http/outage-report";
import { suppressHash } from "@/lib/platform/server/mail/suppression-list";
import { recordUnsubscribeEvent } from "@/lib/platform/server/mail/record-delivery-event";
import { verifyUnsubscribeToken } from "@/lib/platform/server/mail/unsubscribe-token";
import { getConfig } from "@/lib/platform/server/config";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";
import { describeError } from "@/lib/platform/shared/describe-error";
import { clientIp } from "@/lib/platform/server/security/client-ip";
import { currentPeerSecret } from "@/lib/platform/server/security/peer-stamp";
import { enforceRateLimit, type RateRule } from "@/lib/platform/server/security/rate-limit";
import { log } from "@/lib/platform/server/logger";

// RFC 8058 one-click: mail providers post it cross-site, without cookies, so unlike jsonRoute
// there is no origin check: the signed token is the whole authority. Our page posts via=page and
// gets a 303 back.

export const UNSUBSCRIBE_RATE_LIMIT: RateRule = { name: "unsubscribe", limit: 60, windowSeconds: 60 };
const MAX_BODY_BYTES = 4 * 1024;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const formSchema = z.object({
  "List-Unsubscribe": z.literal("One-Click", { message: "The body must be List-Unsubscribe=One-Click." }),
  via: z.literal("page").optional(),
});

export async function oneClickUnsubscribe(request: Request): Promise<Response> {
  const url = new URL(request.url);
  try {
    const ip = clientIp(request.headers, getConfig().TRUSTED_PROXY_HOPS, currentPeerSecret());
    await enforceRateLimit(UNSUBSCRIBE_RATE_LIMIT, ip);
    const form = formSchema.safeParse(await readForm(request));
    if (!form.success) throw new ApiError("invalid_request", form.error.issues[0]!.message);
    const fromPage = form.data.via === "page";
    const check = await verifyUnsubscribeToken(url.searchParams.get("token"));
    if (!check.valid) {
      if (fromPage) return backToPage(url);
      throw new ApiError("unsubscribe_link_invalid");
    }
    const first = await suppressHash(check.addressHash, fromPage ? "UNSUBSCRIBE_LINK" : "ONE_CLICK");
    if (first && check.emailId) await recordUnsubscribeEvent(check.emailId);
    if (fromPage) return backToPage(url);
    return new Response("You are unsubscribed: we will not send you marketing e-mails again.\n", {
      status: 200,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (isDatabaseUnavailable(error)) {
      // Providers retry a one-click POST that did not succeed.
      recordOutage("/unsubscribe");
      return errorResponse(unavailable());
    }
    log.error(`[unsubscribe] failed: ${describeError(error)}`);
    return errorResponse(new ApiError("internal_error"));
  }
}

/** RFC 8058 §3.1 allows urlencoded and multipart alike. */
async function readForm(request: Request): Promise<Record<string, string>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.has(contentType.split(";")[0]!.trim().toLowerCase())) {
    throw new ApiError(
      "unsupported_media_type",
      "Content-Type must be application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  const raw = await readRawBody(request, MAX_BODY_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("invalid_request", "The form body could not be read.");
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

function backToPage(url: URL): Response {
  const token = url.searchParams.get("token") ?? "";
  return new Response(null, {
    status: 303,
    headers: { Location: `/unsubscribe?token=${encodeURIComponent(token)}`, "Cache-Control": "no-store" },
  });
}
