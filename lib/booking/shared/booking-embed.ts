import type { UtmParams } from "@/lib/leads/shared/utm";

// The inline booking calendar (spec §2 scheduling): a Calendly-style link embedded as the inline
// widget's iframe, prefilled with the visitor's name and e-mail and the session's UTM values.
// Embedding the iframe directly (as Calendly's widget.js does) loads no third-party script.

export type BookingEmbed = { kind: "notice" } | { kind: "inline"; src: string; origin: string };

export function bookingEmbed(
  bookingUrl: string | undefined,
  input: { name?: string; email?: string; utm: UtmParams; embedDomain: string },
): BookingEmbed {
  if (!bookingUrl) return { kind: "notice" };
  const url = new URL(bookingUrl);
  url.searchParams.set("embed_domain", input.embedDomain);
  url.searchParams.set("embed_type", "Inline");
  url.searchParams.set("hide_gdpr_banner", "1");
  if (input.name) url.searchParams.set("name", input.name);
  if (input.email) url.searchParams.set("email", input.email);
  for (const [key, value] of Object.entries(input.utm)) if (value) url.searchParams.set(key, value);
  return { kind: "inline", src: url.toString(), origin: url.origin };
}
