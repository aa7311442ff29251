import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";

// The flags a privacy request leaves for the funnel to honour (README "Personal data"), keyed by
// the address's keyed hash like the suppression list:
// - opt out of sale or sharing (and targeted advertising): no outgoing webhook carries the
//   person's data (operators point those at CRMs and ad tools: that is sharing), and no marketing
//   e-mail (a suppression entry, written by the caller) since that mail is targeted on behaviour.
// - limit the use of sensitive information: the survey's verdict about the person (an inference
//   from answers about revenue, budget and plans) is not shared: no lead.qualified webhook. The
//   funnel's own use of the answers to show the offer asked for is the service itself and stays.
// - Global Privacy Control: the Privacy Policy treats a browser's GPC signal as an opt-out of sale
//   and sharing, so an event about a session that sent it (or about a lead one of whose sessions
//   sent it) is not shared either.

export type PrivacyFlag = "optOutSharing" | "limitSensitive";
type FlagReader = Pick<Prisma.TransactionClient, "privacyPreference">;
type ShareReader = Pick<Prisma.TransactionClient, "privacyPreference" | "funnelSession">;

/** Who an outgoing event is about: its address, lead and funnel sessions, as its data names them. */
export type EventSubject = { email: string | null; leadId: string | null; sessionIds: string[] };

export async function setPrivacyFlag(tx: FlagReader, email: string, flag: PrivacyFlag): Promise<boolean> {
  const hash = addressHash(email);
  const before = await tx.privacyPreference.findUnique({ where: { addressHash: hash } });
  if (before?.[flag]) return false;
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
  const row = await tx.privacyPreference.findUnique({ where: { addressHash: addressHash(email) } });
  return { optOutSharing: row?.optOutSharing ?? false, limitSensitive: row?.limitSensitive ?? false };
}

/** Webhook types that carry an inference from the survey's answers. */
const SENSITIVE_INFERENCE_TYPES: readonly string[] = ["lead.qualified"];

/** Whether an outgoing webhook of `type` about `subject` may be written. */
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
