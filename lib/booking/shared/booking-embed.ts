import type { UtmParams } from "@/lib/leads/shared/utm";

// The iframe is embedded directly (as Calendly's widget.js does), so no third-party script loads.

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
