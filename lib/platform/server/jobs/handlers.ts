import "server-only";
import type { QueueName } from "@/lib/platform/shared/queues";

// Handlers must be idempotent: after a crash a job may run again.
export type JobHandler = (data: unknown, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;

export type HandlerMap = Partial<Record<QueueName, JobHandler>>;
