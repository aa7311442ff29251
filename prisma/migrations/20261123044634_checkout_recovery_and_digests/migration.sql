-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "reconciled_at" TIMESTAMPTZ(3),
ADD COLUMN     "recovery_emailed_at" TIMESTAMPTZ(3),
ADD COLUMN     "recovery_emails" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "daily_digests" (
    "kind" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "email_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_digests_pkey" PRIMARY KEY ("kind","day")
);

-- CreateIndex
CREATE INDEX "orders_email_idx" ON "orders"("email");
