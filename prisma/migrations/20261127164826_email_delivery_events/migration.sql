-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "suppression_reason" ADD VALUE 'HARD_BOUNCE';
ALTER TYPE "suppression_reason" ADD VALUE 'COMPLAINT';

-- CreateTable
CREATE TABLE "email_delivery_events" (
    "id" UUID NOT NULL,
    "provider_event_id" TEXT NOT NULL,
    "email_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "bounce_type" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_delivery_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_delivery_events_provider_event_id_key" ON "email_delivery_events"("provider_event_id");

-- CreateIndex
CREATE INDEX "email_delivery_events_email_id_type_idx" ON "email_delivery_events"("email_id", "type");

-- CreateIndex
CREATE INDEX "email_delivery_events_type_occurred_at_idx" ON "email_delivery_events"("type", "occurred_at");

-- CreateIndex
CREATE INDEX "outgoing_emails_provider_id_idx" ON "outgoing_emails"("provider_id");

-- AddForeignKey
ALTER TABLE "email_delivery_events" ADD CONSTRAINT "email_delivery_events_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "outgoing_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
