import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { normalizeAddress } from "@/lib/platform/shared/email-address";

// Which rows belong to one person, from an e-mail address. One definition shared by the request
// page's counts, the access export and the erasure, so all three see the same person.

export type PersonDb = Prisma.TransactionClient;

export type PersonScope = {
  email: string;
  prospectIds: string[];
  orderIds: string[];
  sessionIds: string[];
  surveyResponseIds: string[];
  phoneConsentIds: string[];
  phones: string[];
  bookingIds: string[];
  scheduledCallIds: string[];
  emailIds: string[];
  webhookEventIds: string[];
  privacyRequestIds: string[];
  names: string[];
};

const ids = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id);
const unique = (values: string[]) => [...new Set(values)];

export async function personScope(db: PersonDb, address: string): Promise<PersonScope> {
  const email = normalizeAddress(address);
  const sameAddress = { equals: email, mode: "insensitive" as const };
  const prospects = await db.prospect.findMany({
    where: { email: sameAddress },
    select: { id: true, name: true, lastName: true },
  });
  const prospectIds = ids(prospects);
  const orders = await db.order.findMany({
    where: { OR: [{ email: sameAddress }, { prospectId: { in: prospectIds } }] },
    select: { id: true, contactId: true, browserId: true, name: true },
  });
  const orderIds = ids(orders);
  const linked = await db.funnelSession.findMany({
    where: { OR: [{ prospectId: { in: prospectIds } }, { id: { in: orders.map((o) => o.contactId) } }] },
    select: { id: true, browserId: true },
  });
  const browserIds = unique([...linked.map((s) => s.browserId), ...orders.map((o) => o.browserId)]);
  const sessionIds = unique([
    ...ids(linked),
    // Never a session another person owns (a shared computer).
    ...ids(
      await db.funnelSession.findMany({
        where: { browserId: { in: browserIds }, OR: [{ prospectId: null }, { prospectId: { in: prospectIds } }] },
        select: { id: true },
      }),
    ),
  ]);
  const bySessionOrProspect = { OR: [{ sessionId: { in: sessionIds } }, { prospectId: { in: prospectIds } }] };
  const surveyResponseIds = ids(await db.surveyResponse.findMany({ where: bySessionOrProspect, select: { id: true } }));
  const consents = await db.phoneConsent.findMany({
    where: bySessionOrProspect,
    select: { id: true, phoneE164: true },
  });
  const phoneConsentIds = ids(consents);
  const bookingIds = ids(
    await db.booking.findMany({
      where: { OR: [{ prospectId: { in: prospectIds } }, { phoneConsentId: { in: phoneConsentIds } }] },
      select: { id: true },
    }),
  );
  const scheduledCallIds = ids(
    await db.scheduledCall.findMany({
      where: { OR: [...bySessionOrProspect.OR, { bookingId: { in: bookingIds } }] },
      select: { id: true },
    }),
  );
  const emailIds = ids(
    await db.outgoingEmail.findMany({
      where: { OR: [{ recipient: sameAddress }, { prospectId: { in: prospectIds } }, { orderId: { in: orderIds } }] },
      select: { id: true },
    }),
  );
  const webhookEventIds = (
    await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM webhook_events
      WHERE lower(payload->'data'->>'email') = ${email}
         OR payload->'data'->>'leadId' = ANY(${prospectIds}::text[])
         OR payload->'data'->>'transactionId' = ANY(${orderIds}::text[])
         OR payload->'data'->>'contactId' = ANY(${sessionIds}::text[])
         OR payload->'data'->'attribution'->>'funnelSessionId' = ANY(${sessionIds}::text[])`
  ).map((row) => row.id);
  const privacyRequestIds = ids(
    await db.privacyRequest.findMany({ where: { email: sameAddress }, select: { id: true } }),
  );
  return {
    email,
    prospectIds,
    orderIds,
    sessionIds,
    surveyResponseIds,
    phoneConsentIds,
    phones: unique(consents.map((c) => c.phoneE164).filter((phone) => !phone.startsWith(HASHED_PREFIX))),
    bookingIds,
    scheduledCallIds,
    emailIds,
    webhookEventIds,
    privacyRequestIds,
    names: unique([...prospects.flatMap((p) => [p.name, p.lastName]), ...orders.map((o) => o.name)]).filter(Boolean),
  };
}

export const HASHED_PREFIX = "hmac:";
