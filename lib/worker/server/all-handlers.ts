import "server-only";
import { funnelRollupJob } from "@/lib/leads/server/funnel-rollup-job";
import type { HandlerMap } from "@/lib/platform/server/jobs/handlers";
import { reconcileSweepJob } from "@/lib/worker/server/reconcile-sweep";
import { QUEUES } from "@/lib/platform/shared/queues";
import { deliverEmailJob } from "@/lib/platform/server/mail/deliver-email";
import { deliverWebhookJob } from "@/lib/platform/server/webhooks/deliver-webhook";
import { checkoutRecoveryJob } from "@/lib/payments/server/checkout-recovery";
import { privacyDeadlinesJob } from "@/lib/privacy/server/deadline-digest";
import { refundSubscriptionCancelJob } from "@/lib/payments/server/refund-subscription-cancel";
import { demoRenewalJob } from "@/lib/payments/server/renew-demo-subscriptions";
import { dunningSweepJob } from "@/lib/billing/server/sweep-dunning";
import { lifecycleSweepJob } from "@/lib/lifecycle/server/sweep-lifecycle";
import { broadcastsJob } from "@/lib/lifecycle/server/run-broadcasts";
import { retentionSweepJob } from "@/lib/platform/server/jobs/retention-sweep";

export const ALL_HANDLERS: HandlerMap = {
  [QUEUES.email]: deliverEmailJob,
  [QUEUES.webhook]: deliverWebhookJob,
  [QUEUES.reconcile]: reconcileSweepJob,
  [QUEUES.recovery]: checkoutRecoveryJob,
  [QUEUES.privacyDeadlines]: privacyDeadlinesJob,
  [QUEUES.funnelRollup]: funnelRollupJob,
  [QUEUES.refundSubscriptionCancel]: refundSubscriptionCancelJob,
  [QUEUES.retention]: retentionSweepJob,
  [QUEUES.demoRenewals]: demoRenewalJob,
  [QUEUES.dunning]: dunningSweepJob,
  [QUEUES.lifecycle]: lifecycleSweepJob,
  [QUEUES.broadcasts]: broadcastsJob,
};
