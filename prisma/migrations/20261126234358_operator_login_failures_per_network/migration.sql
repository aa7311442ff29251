-- Old rows cannot say which network their failures came from, and hold at most a day of counts.
DELETE FROM "operator_login_failures";

-- AlterTable
ALTER TABLE "operator_login_failures" DROP CONSTRAINT "operator_login_failures_pkey",
ADD COLUMN     "network" TEXT NOT NULL,
ADD CONSTRAINT "operator_login_failures_pkey" PRIMARY KEY ("email", "network");
