-- AlterTable
ALTER TABLE "demo_subscriptions" ADD COLUMN     "default_payment_method_id" TEXT;
