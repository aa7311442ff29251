-- CreateEnum
CREATE TYPE "broadcast_status" AS ENUM ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED');

-- CreateEnum
CREATE TYPE "broadcast_recipient_state" AS ENUM ('PENDING', 'SENT', 'SKIPPED');

-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "broadcast_id" UUID;

-- CreateTable
CREATE TABLE "broadcasts" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "preheader" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "segment" JSONB NOT NULL DEFAULT '{}',
    "status" "broadcast_status" NOT NULL DEFAULT 'DRAFT',
    "scheduled_at" TIMESTAMPTZ(3),
    "rate_per_minute" INTEGER NOT NULL DEFAULT 100,
    "audience_count" INTEGER NOT NULL DEFAULT 0,
    "sent_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "window_started_at" TIMESTAMPTZ(3),
    "window_sent" INTEGER NOT NULL DEFAULT 0,
    "created_by" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "broadcasts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "broadcast_recipients" (
    "broadcast_id" UUID NOT NULL,
    "prospect_id" UUID NOT NULL,
    "state" "broadcast_recipient_state" NOT NULL DEFAULT 'PENDING',
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "broadcast_recipients_pkey" PRIMARY KEY ("broadcast_id","prospect_id")
);

-- CreateIndex
CREATE INDEX "broadcasts_status_scheduled_at_idx" ON "broadcasts"("status", "scheduled_at");

-- CreateIndex
CREATE INDEX "broadcast_recipients_prospect_id_idx" ON "broadcast_recipients"("prospect_id");

-- AddForeignKey
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand. The audience query hashes addresses as the suppression list does (HMAC-SHA256).
CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- The sender takes the next pending recipients of a broadcast without reading those already sent.
CREATE INDEX "broadcast_recipients_pending_idx" ON "broadcast_recipients"("broadcast_id") WHERE "state" = 'PENDING';

ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_rate_valid" CHECK ("rate_per_minute" BETWEEN 1 AND 100000);
