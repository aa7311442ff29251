import { serializeJsonLd } from "@/lib/site/shared/json-ld";

// A data block (type application/ld+json) is never executed, so the CSP's script-src does not
// apply to it and it needs no nonce; reading the request's nonce would also make every page that
// carries structured data render per request, the cached landing pages included.
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
