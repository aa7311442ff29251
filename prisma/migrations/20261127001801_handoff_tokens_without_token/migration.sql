-- AlterTable
ALTER TABLE "handoff_tokens" DROP COLUMN "token";
