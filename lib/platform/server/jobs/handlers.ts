import "server-only";
import type { QueueName } from "@/lib/platform/shared/queues";

// What each queue's worker does with one job's data. Handlers are idempotent: after a crash a
// job may run again. A handler throws to have pg-boss retry the job under its queue's policy.
export type JobHandler = (data: unknown, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;

export type HandlerMap = Partial<Record<QueueName, JobHandler>>;
