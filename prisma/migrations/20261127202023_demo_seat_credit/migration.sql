-- AlterTable
ALTER TABLE "demo_subscriptions" ADD COLUMN     "credit_balance" INTEGER NOT NULL DEFAULT 0;
