import "server-only";
import type { HandlerMap } from "@/lib/jobs/server/handlers";
import { QUEUES } from "@/lib/jobs/shared/queues";
import { deliverEmailJob } from "@/lib/mail/server/deliver-email";
import { deliverWebhookJob } from "@/lib/webhooks/server/deliver-webhook";

/** Every queue's handler, as the workers run them. */
export const ALL_HANDLERS: HandlerMap = {
  [QUEUES.email]: deliverEmailJob,
  [QUEUES.webhook]: deliverWebhookJob,
};
