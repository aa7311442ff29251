import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { derivedKey, keyVersions } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// Keyed for this purpose only, so no other signed value can pass for one. It lets its holder pay
// one unpaid order, nothing more.

export const RECOVERY_LINK_DAYS = 7;
const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.[A-Za-z0-9_-]{43}$/;

export function signRecoveryToken(orderId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + RECOVERY_LINK_DAYS * 24 * 60 * 60;
  return signValue(`${orderId}.${expires}`, derivedKey("checkout-recovery-link"));
}

export function verifyRecoveryToken(token: string, now = new Date()): string | null {
  const match = TOKEN.exec(token);
  if (!match || !keyVersions("checkout-recovery-link").some((key) => verifySignedValue(token, key) !== null)) {
    return null;
  }
  const [, orderId, expires] = match;
  return Number(expires) * 1000 > now.getTime() ? (orderId ?? null) : null;
}

export function recoveryLink(orderId: string, now = new Date()): string {
  return `${getConfig().SITE_URL}/checkout/resume?token=${signRecoveryToken(orderId, now)}`;
}
