-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "coupon_id" UUID,
ADD COLUMN     "discount_amount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "list_amount" INTEGER;

-- AlterTable
ALTER TABLE "demo_subscriptions" ADD COLUMN     "discount_amount_off" INTEGER,
ADD COLUMN     "discount_months" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "discount_percent" INTEGER;

-- CreateTable
CREATE TABLE "coupons" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "percent_off" INTEGER,
    "amount_off" INTEGER,
    "product_code" TEXT,
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    "max_redemptions" INTEGER,
    "max_per_buyer" INTEGER,
    "duration_months" INTEGER NOT NULL DEFAULT 1,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_by" TEXT,
    "deactivated_at" TIMESTAMPTZ(3),

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupon_redemptions" (
    "id" UUID NOT NULL,
    "coupon_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "discount_amount" INTEGER NOT NULL,
    "held_until" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupon_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons"("code");

-- CreateIndex
CREATE UNIQUE INDEX "coupon_redemptions_order_id_key" ON "coupon_redemptions"("order_id");

-- CreateIndex
CREATE INDEX "coupon_redemptions_coupon_id_email_idx" ON "coupon_redemptions"("coupon_id", "email");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_product_code_fkey" FOREIGN KEY ("product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: what Prisma's schema language cannot express. One kind of discount, a code as the
-- checkout looks it up (upper case), limits and months of at least one.
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_terms_valid"
  CHECK ((percent_off IS NULL) <> (amount_off IS NULL)
    AND (percent_off IS NULL OR percent_off BETWEEN 1 AND 100)
    AND (amount_off IS NULL OR amount_off >= 1)
    AND code = upper(code) AND code ~ '^[A-Z0-9_-]{3,32}$'
    AND (max_redemptions IS NULL OR max_redemptions >= 1)
    AND (max_per_buyer IS NULL OR max_per_buyer >= 1)
    AND duration_months BETWEEN 1 AND 36
    AND (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at));

ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_valid"
  CHECK (discount_amount >= 0 AND (list_amount IS NULL OR list_amount = total_amount + discount_amount));
