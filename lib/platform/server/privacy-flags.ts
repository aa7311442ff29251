import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { addressHash, addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";

// What a privacy request's flags stop (docs/product.md#privacy-rights): opting out of sharing
// stops webhooks about the person and marketing mail; limiting sensitive use stops the survey
// verdict (lead.qualified); a GPC signal counts as opting out of sharing.

export type PrivacyFlag = "optOutSharing" | "limitSensitive";
type FlagReader = Pick<Prisma.TransactionClient, "privacyPreference">;
type ShareReader = Pick<Prisma.TransactionClient, "privacyPreference" | "funnelSession">;

export type EventSubject = { email: string | null; leadId: string | null; sessionIds: string[] };

function preferenceRow(tx: FlagReader, email: string) {
  return tx.privacyPreference.findFirst({
    where: { addressHash: { in: addressHashes(email) } },
    orderBy: { addressHash: "asc" },
  });
}

export async function setPrivacyFlag(tx: FlagReader, email: string, flag: PrivacyFlag): Promise<boolean> {
  const before = await preferenceRow(tx, email);
  if (before?.[flag]) return false;
  // A row stored under an older hash key keeps its hash (docs/decisions/0019).
  const hash = before?.addressHash ?? addressHash(email);
  await tx.privacyPreference.upsert({
    where: { addressHash: hash },
    create: { addressHash: hash, [flag]: true },
    update: { [flag]: true },
  });
  return true;
}

export async function privacyFlags(
  tx: FlagReader,
  email: string,
): Promise<{ optOutSharing: boolean; limitSensitive: boolean }> {
  const row = await preferenceRow(tx, email);
  return { optOutSharing: row?.optOutSharing ?? false, limitSensitive: row?.limitSensitive ?? false };
}

const SENSITIVE_INFERENCE_TYPES: readonly string[] = ["lead.qualified"];

export async function mayShareEvent(tx: ShareReader, type: string, subject: EventSubject): Promise<boolean> {
  const gpc = await tx.funnelSession.count({
    where: {
      gpcOptOut: true,
      OR: [{ id: { in: subject.sessionIds } }, ...(subject.leadId ? [{ prospectId: subject.leadId }] : [])],
    },
  });
  if (gpc > 0) return false;
  if (!subject.email) return true;
  const flags = await privacyFlags(tx, subject.email);
  if (flags.optOutSharing) return false;
  return !(flags.limitSensitive && SENSITIVE_INFERENCE_TYPES.includes(type));
}
