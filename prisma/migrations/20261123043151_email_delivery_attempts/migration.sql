-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sending_at" TIMESTAMPTZ(3);
