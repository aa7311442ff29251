-- AlterTable
ALTER TABLE "experiments" ADD COLUMN     "subject" JSONB;
