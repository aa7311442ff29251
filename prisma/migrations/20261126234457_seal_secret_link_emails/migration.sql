-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "sealed_body" TEXT;
