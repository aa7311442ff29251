-- CreateEnum
CREATE TYPE "suppression_reason" AS ENUM ('UNSUBSCRIBE_LINK', 'ONE_CLICK', 'MANUAL');

-- AlterEnum
ALTER TYPE "email_status" ADD VALUE 'SUPPRESSED';

-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "headers" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "email_suppressions" (
    "address_hash" TEXT NOT NULL,
    "reason" "suppression_reason" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("address_hash")
);
