-- AlterTable
ALTER TABLE "demo_payment_intents" ADD COLUMN     "idempotency_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "demo_payment_intents_idempotency_key_key" ON "demo_payment_intents"("idempotency_key");
