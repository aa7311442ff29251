import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

// Numbers without a country prefix are read as US (the funnel's audience and contact rules are US).

export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";
export const INVALID_PHONE_MESSAGE = "Please enter a valid phone number.";
export const CONSENT_REQUIRED_MESSAGE = "Please check the box to agree to be contacted.";

export function toE164(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const trimmed = raw.trim();
  if (trimmed.length < 4 || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, country);
  return parsed?.isValid() ? parsed.number : null;
}
