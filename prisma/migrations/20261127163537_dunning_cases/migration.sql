-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "idempotency_key" TEXT;

-- CreateTable
CREATE TABLE "dunning_cases" (
    "id" UUID NOT NULL,
    "subscription_id" UUID NOT NULL,
    "invoice_id" UUID NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "next_step" INTEGER NOT NULL DEFAULT 0,
    "next_step_at" TIMESTAMPTZ(3),
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "access_revoked_at" TIMESTAMPTZ(3),
    "access_restored_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dunning_cases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "dunning_cases_invoice_id_key" ON "dunning_cases"("invoice_id");

-- CreateIndex
CREATE INDEX "dunning_cases_state_next_step_at_idx" ON "dunning_cases"("state", "next_step_at");

-- CreateIndex
CREATE INDEX "dunning_cases_subscription_id_idx" ON "dunning_cases"("subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "outgoing_emails_idempotency_key_key" ON "outgoing_emails"("idempotency_key");

-- AddForeignKey
ALTER TABLE "dunning_cases" ADD CONSTRAINT "dunning_cases_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dunning_cases" ADD CONSTRAINT "dunning_cases_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "subscription_invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: one open case per subscription (a failure episode), whatever its invoices.
CREATE UNIQUE INDEX "dunning_cases_one_open_idx" ON "dunning_cases"("subscription_id") WHERE "state" = 'open';
