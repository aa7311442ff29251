import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { BroadcastStatus } from "@/lib/lifecycle/shared/broadcast-input";

// The console's list: the latest broadcasts with their progress.

export type BroadcastRow = {
  id: string;
  name: string;
  subject: string;
  status: BroadcastStatus;
  scheduledAt: Date | null;
  audienceCount: number;
  sentCount: number;
  skippedCount: number;
  ratePerMinute: number;
  createdAt: Date;
};

export async function readBroadcasts(limit = 50): Promise<BroadcastRow[]> {
  return getDb().broadcast.findMany({
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      name: true,
      subject: true,
      status: true,
      scheduledAt: true,
      audienceCount: true,
      sentCount: true,
      skippedCount: true,
      ratePerMinute: true,
      createdAt: true,
    },
  });
}
