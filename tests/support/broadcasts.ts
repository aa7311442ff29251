import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import { saveBroadcast } from "@/lib/lifecycle/server/save-broadcast";
import { scheduleBroadcast } from "@/lib/lifecycle/server/schedule-broadcast";
import type { BroadcastSegment } from "@/lib/lifecycle/shared/broadcast-input";

// Leads for the broadcast tests, written straight to the tables (thousands would take minutes
// through the funnel's routes), and a broadcast saved and scheduled as the console does.

export const EDITOR = { operatorId: "op-broadcast-tests" };

export type SeededLead = { id: string; email: string };

/** A lead; `mail`: the status of one earlier e-mail to it (none: never written to). */
export async function seedLead(
  options: { mail?: "SENT" | "LOGGED" | "FAILED" | "SUPPRESSED"; source?: string; flagged?: "test" | "spam" } = {},
): Promise<SeededLead> {
  const id = randomUUID();
  const email = `lead-${id}@example.com`;
  await getDb().prospect.create({
    data: {
      id,
      email,
      name: "Ada Lovelace",
      firstName: "Ada",
      lastName: "Lovelace",
      firstUtmSource: options.source ?? "",
      excludedAs: options.flagged ?? null,
    },
  });
  if (options.mail)
    await getDb().outgoingEmail.create({
      data: {
        template: "welcome",
        recipient: email,
        subject: "Welcome",
        html: "",
        text: "",
        status: options.mail,
        prospectId: id,
      },
    });
  return { id, email };
}

/** `count` confirmed leads from `source`, in two statements. */
export async function seedLeads(count: number, source: string): Promise<SeededLead[]> {
  const leads = Array.from({ length: count }, () => {
    const id = randomUUID();
    return { id, email: `lead-${id}@example.com` };
  });
  await getDb().prospect.createMany({
    data: leads.map((l) => ({
      ...l,
      name: "Ada Lovelace",
      firstName: "Ada",
      lastName: "Lovelace",
      firstUtmSource: source,
    })),
  });
  await getDb().outgoingEmail.createMany({
    data: leads.map((l) => ({
      template: "welcome",
      recipient: l.email,
      subject: "Welcome",
      html: "",
      text: "",
      status: "SENT" as const,
      prospectId: l.id,
    })),
  });
  return leads;
}

export async function scheduledBroadcast(
  options: { segment?: BroadcastSegment; rate?: number; at?: Date | null; now?: Date; body?: string } = {},
): Promise<string> {
  const id = await saveBroadcast(
    null,
    {
      name: "Spring news",
      subject: "News for {{first_name|you}}",
      preheader: "What is new",
      body: options.body ?? "Hello {{first_name|there}},\n\nWe have [news](/free-download).",
      segment: options.segment ?? {},
      ratePerMinute: options.rate ?? 100_000,
    },
    EDITOR,
  );
  await scheduleBroadcast(id, { at: options.at ? options.at.toISOString() : null }, EDITOR, options.now ?? new Date());
  return id;
}

/** Outbox rows per lead for the broadcast. */
export async function broadcastMails(broadcastId: string): Promise<Map<string, number>> {
  const rows = await getDb().outgoingEmail.groupBy({ by: ["prospectId"], where: { broadcastId }, _count: true });
  return new Map(rows.map((row) => [row.prospectId ?? "", row._count]));
}
