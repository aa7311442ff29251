-- CreateEnum
CREATE TYPE "offer_step" AS ENUM ('upsell', 'downsell');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "offer_id" UUID,
ADD COLUMN     "offer_step" "offer_step",
ADD COLUMN     "parent_order_id" UUID;

-- CreateTable
CREATE TABLE "catalog_offers" (
    "id" UUID NOT NULL,
    "after_product_code" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "offer_product_code" TEXT,
    "offer_amount" INTEGER,
    "headline" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL DEFAULT '',
    "downsell_product_code" TEXT,
    "downsell_amount" INTEGER,
    "downsell_headline" TEXT NOT NULL DEFAULT '',
    "downsell_body" TEXT NOT NULL DEFAULT '',
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offer_declines" (
    "parent_order_id" UUID NOT NULL,
    "product_code" TEXT NOT NULL,
    "step" "offer_step" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "offer_declines_pkey" PRIMARY KEY ("parent_order_id","product_code","step")
);

-- CreateIndex
CREATE UNIQUE INDEX "catalog_offers_after_product_code_version_key" ON "catalog_offers"("after_product_code", "version");

-- CreateIndex
CREATE UNIQUE INDEX "orders_parent_order_id_product_id_offer_step_key" ON "orders"("parent_order_id", "product_id", "offer_step");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_order_id_fkey" FOREIGN KEY ("parent_order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "catalog_offers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_after_product_code_fkey" FOREIGN KEY ("after_product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_offer_product_code_fkey" FOREIGN KEY ("offer_product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_downsell_product_code_fkey" FOREIGN KEY ("downsell_product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_declines" ADD CONSTRAINT "offer_declines_parent_order_id_fkey" FOREIGN KEY ("parent_order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: what Prisma's schema language cannot express.
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_amounts_valid"
  CHECK (version >= 1 AND (offer_amount IS NULL OR offer_amount >= 50)
    AND (downsell_amount IS NULL OR downsell_amount >= 50)
    AND (offer_product_code IS NULL OR offer_product_code <> after_product_code)
    AND (downsell_product_code IS NULL OR (offer_product_code IS NOT NULL
      AND downsell_product_code <> after_product_code)));
-- A published offer is history its orders point at: a change is a new version, never an edit.
CREATE FUNCTION "catalog_offers_append_only"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  RAISE EXCEPTION ''catalog_offers rows are never changed: publish a new version instead''\003B
END';
CREATE TRIGGER catalog_offers_append_only BEFORE UPDATE OR DELETE ON "catalog_offers"
  FOR EACH ROW EXECUTE FUNCTION "catalog_offers_append_only"();
-- The book's buyers are offered the course at its catalog price, with no downsell.
INSERT INTO "catalog_offers"
  ("id", "after_product_code", "version", "offer_product_code", "offer_amount", "headline", "body", "created_by")
VALUES
  (gen_random_uuid(), 'fast-forward-book', 1, 'ai-step-by-step', NULL,
   'Add the AI Step By Step course to your order',
   'The book tells you what to automate, and the course walks you through building it, one lesson at a time. One click adds it, charged to the card you just used.',
   'migration');
