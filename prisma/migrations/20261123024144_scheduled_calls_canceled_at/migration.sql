-- AlterTable
ALTER TABLE "scheduled_calls" ADD COLUMN     "canceled_at" TIMESTAMPTZ(3);
