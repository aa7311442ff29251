import { getCspNonce } from "@/lib/site/server/csp-nonce";
import { serializeJsonLd } from "@/lib/site/shared/json-ld";

// A data block is never executed, but it carries the nonce anyway so the page has no inline
// script the policy does not account for.
export async function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = await getCspNonce();
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
  );
}
