-- AlterTable
ALTER TABLE "demo_subscriptions" ADD COLUMN     "current_period_end" TIMESTAMPTZ(3),
ADD COLUMN     "current_period_start" TIMESTAMPTZ(3),
ADD COLUMN     "invoices_billed" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "subscription_invoices" (
    "id" UUID NOT NULL,
    "subscription_id" UUID NOT NULL,
    "provider_invoice_id" TEXT NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "demo_clock" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "advanced_hours" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "demo_clock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscription_invoices_provider_invoice_id_key" ON "subscription_invoices"("provider_invoice_id");

-- CreateIndex
CREATE INDEX "subscription_invoices_subscription_id_period_start_idx" ON "subscription_invoices"("subscription_id", "period_start");

-- CreateIndex
CREATE INDEX "subscription_invoices_paid_at_idx" ON "subscription_invoices"("paid_at");

-- CreateIndex
CREATE INDEX "subscription_invoices_failed_at_idx" ON "subscription_invoices"("failed_at");

-- CreateIndex
CREATE INDEX "demo_subscriptions_current_period_end_idx" ON "demo_subscriptions"("current_period_end");

-- AddForeignKey
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: a paid demo subscription's period runs a month from its first payment, as the
-- gateway reported it before it kept the period.
UPDATE "demo_subscriptions" d
   SET "current_period_start" = i."updated_at", "current_period_end" = i."updated_at" + interval '1 month'
  FROM "demo_payment_intents" i
 WHERE i."id" = d."latest_payment_intent_id" AND i."status" = 'succeeded' AND d."status" = 'active';
