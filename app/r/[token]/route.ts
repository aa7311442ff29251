// GET /r/<token> — a tracked link in a marketing e-mail: records the click and sends the reader on.
// Only a token we signed redirects, so this is never an open redirect; anything else is a 404 page.
import { recordClick } from "@/lib/platform/server/mail/record-click";
import { verifyClickToken } from "@/lib/platform/server/mail/click-token";
import { linkNotFoundPage } from "@/lib/platform/server/mail/link-not-found";

type Context = { params: Promise<{ token: string }> };

const redirectTo = (target: string) =>
  new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store" } });

export async function GET(_request: Request, context: Context): Promise<Response> {
  const outcome = await recordClick((await context.params).token);
  return outcome ? redirectTo(outcome.target) : linkNotFoundPage();
}

// Link scanners check with HEAD: answered, not counted.
export async function HEAD(_request: Request, context: Context): Promise<Response> {
  const claim = verifyClickToken((await context.params).token);
  return claim ? redirectTo(claim.url) : linkNotFoundPage();
}
