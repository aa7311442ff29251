-- CreateTable
CREATE TABLE "offer_views" (
    "parent_order_id" UUID NOT NULL,
    "product_code" TEXT NOT NULL,
    "step" "offer_step" NOT NULL,
    "offer_id" UUID NOT NULL,
    "shown_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "offer_views_pkey" PRIMARY KEY ("parent_order_id","product_code","step")
);

-- AddForeignKey
ALTER TABLE "offer_views" ADD CONSTRAINT "offer_views_parent_order_id_fkey" FOREIGN KEY ("parent_order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_views" ADD CONSTRAINT "offer_views_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "catalog_offers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
