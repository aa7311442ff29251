import "server-only";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { log } from "@/lib/platform/server/logger";
import { queueNextDueBroadcast } from "@/lib/lifecycle/server/queue-broadcast";
import { sendBroadcastBatch } from "@/lib/lifecycle/server/send-broadcast-batch";

// The broadcast job (each minute): starts the scheduled broadcasts that are due, then sends
// batches until every sending broadcast is done or waits for its rate window, for under a
// minute; the next minute's run carries on.

export type BroadcastRunCounts = { started: number; sent: number; finished: number };

export type BroadcastRunOptions = { now?: () => Date; budgetMs?: number; sleep?: (ms: number) => Promise<void> };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runBroadcasts(options: BroadcastRunOptions = {}): Promise<BroadcastRunCounts> {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? pause;
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const counts: BroadcastRunCounts = { started: 0, sent: 0, finished: 0 };
  while (await queueNextDueBroadcast(now())) counts.started += 1;
  const waiting = new Map<string, number>();
  while (Date.now() < deadline) {
    const result = await sendBroadcastBatch(now(), [...waiting.keys()]);
    if (result.kind === "sent") counts.sent += result.sent;
    else if (result.kind === "finished") counts.finished += 1;
    else if (result.kind === "wait") waiting.set(result.broadcastId, Date.now() + result.ms);
    else {
      // Nothing sendable now: sleep until the first rate window reopens, if inside this run.
      const next = Math.min(...waiting.values());
      if (waiting.size === 0 || next >= deadline) break;
      await sleep(Math.max(0, next - Date.now()));
      waiting.clear();
    }
  }
  return counts;
}

export const broadcastsJob: JobHandler = async () => {
  const c = await runBroadcasts();
  if (c.started || c.sent || c.finished)
    log.info(`[broadcast] ${c.started} started, ${c.sent} e-mails queued, ${c.finished} finished`);
};
