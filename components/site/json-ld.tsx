import { serializeJsonLd } from "@/lib/site/shared/json-ld";

// A data block is never executed, so it needs no nonce; reading the nonce would make every page
// with structured data render per request.
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
