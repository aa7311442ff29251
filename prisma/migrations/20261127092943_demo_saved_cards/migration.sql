-- AlterTable
ALTER TABLE "demo_payment_intents" ADD COLUMN     "customer_id" TEXT,
ADD COLUMN     "off_session_error" TEXT,
ADD COLUMN     "payment_method_id" TEXT,
ADD COLUMN     "setup_future_usage" TEXT;

-- CreateTable
CREATE TABLE "demo_customers" (
    "id" TEXT NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "demo_customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "demo_payment_methods" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "off_session" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "demo_payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "demo_payment_methods_customer_id_idx" ON "demo_payment_methods"("customer_id");

-- AddForeignKey
ALTER TABLE "demo_payment_methods" ADD CONSTRAINT "demo_payment_methods_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "demo_customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
