import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { erasePerson } from "@/lib/privacy/server/erase-person";
import { suppressAddress, suppressHash } from "@/lib/platform/server/mail/suppression-list";
import { addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import { countBroadcastAudience } from "@/lib/lifecycle/server/count-broadcast-audience";
import { queueNextDueBroadcast } from "@/lib/lifecycle/server/queue-broadcast";
import { scheduledBroadcast, seedLead, seedLeads } from "../../support/broadcasts";

// The preview's count is the queue's rows, and the leads who must never get a broadcast are not
// among them: unsubscribed (under the current or an older hash key), erased, flagged, or never
// sent an e-mail that went out.

describe("broadcast audience", () => {
  it("counts exactly the leads it queues, and leaves out the ones it must", { timeout: 60_000 }, async () => {
    const db = getDb();
    const wanted = [
      await seedLead({ mail: "SENT", source: "news" }),
      await seedLead({ mail: "LOGGED", source: "news" }),
      await seedLead({ mail: "SENT", source: "news" }),
    ];
    const otherSource = await seedLead({ mail: "SENT", source: "ads" });
    const never = [
      await seedLead({ source: "news" }),
      await seedLead({ mail: "FAILED", source: "news" }),
      await seedLead({ mail: "SUPPRESSED", source: "news" }),
      await seedLead({ mail: "SENT", source: "news", flagged: "test" }),
      await seedLead({ mail: "SENT", source: "news", flagged: "spam" }),
    ];
    const unsubscribed = await seedLead({ mail: "SENT", source: "news" });
    await suppressAddress(unsubscribed.email.toUpperCase(), "ONE_CLICK");
    const underOlderKey = await seedLead({ mail: "SENT", source: "news" });
    await suppressHash(addressHashes(underOlderKey.email)[1]!, "MANUAL");
    const erased = await seedLead({ mail: "SENT", source: "news" });
    await db.$transaction((tx) => erasePerson(tx, erased.email), { timeout: 30_000 });

    expect(await countBroadcastAudience({ source: "news" })).toBe(wanted.length);
    expect(await countBroadcastAudience({})).toBe(wanted.length + 1);

    const now = new Date();
    const id = await scheduledBroadcast({ segment: { source: "news" }, now });
    expect(await queueNextDueBroadcast(now)).toEqual({ id, audience: wanted.length });
    const queued = await db.broadcastRecipient.findMany({ where: { broadcastId: id } });
    expect(queued.map((r) => r.prospectId).sort()).toEqual(wanted.map((l) => l.id).sort());
    expect(queued.every((r) => r.state === "PENDING")).toBe(true);
    for (const lead of [...never, unsubscribed, underOlderKey, erased, otherSource])
      expect(queued.some((r) => r.prospectId === lead.id)).toBe(false);
    const broadcast = await db.broadcast.findUniqueOrThrow({ where: { id } });
    expect(broadcast).toMatchObject({ status: "SENDING", audienceCount: wanted.length });
    expect(await queueNextDueBroadcast(now)).toBeNull();
  });

  it("queues an audience larger than one slice whole", { timeout: 120_000 }, async () => {
    const leads = await seedLeads(5_003, "many");
    expect(await countBroadcastAudience({ source: "many" })).toBe(leads.length);
    const now = new Date();
    const id = await scheduledBroadcast({ segment: { source: "many" }, now });
    expect(await queueNextDueBroadcast(now)).toEqual({ id, audience: leads.length });
    expect(await getDb().broadcastRecipient.count({ where: { broadcastId: id } })).toBe(leads.length);
  });
});
