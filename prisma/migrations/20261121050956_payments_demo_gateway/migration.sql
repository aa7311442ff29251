-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "browser_id" TEXT NOT NULL,
ADD COLUMN     "upsell_product_id" TEXT;

-- CreateTable
CREATE TABLE "demo_payment_intents" (
    "id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "subscription_id" TEXT,
    "last_error_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "demo_payment_intents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "demo_subscriptions" (
    "id" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_amount" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "latest_payment_intent_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "demo_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "demo_payment_intents_client_secret_key" ON "demo_payment_intents"("client_secret");

-- CreateIndex
CREATE INDEX "demo_payment_intents_subscription_id_idx" ON "demo_payment_intents"("subscription_id");
