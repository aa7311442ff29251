-- CreateEnum
CREATE TYPE "product_kind" AS ENUM ('one_time', 'subscription_per_seat');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "price_id" UUID,
ADD COLUMN     "upsell_price_id" UUID;

-- CreateTable
CREATE TABLE "catalog_products" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "product_kind" NOT NULL,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_products_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "catalog_prices" (
    "id" UUID NOT NULL,
    "product_code" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "unit_amount" INTEGER NOT NULL,
    "reference_amount" INTEGER,
    "min_quantity" INTEGER NOT NULL,
    "max_quantity" INTEGER NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_prices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "catalog_prices_product_code_version_key" ON "catalog_prices"("product_code", "version");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_id_fkey" FOREIGN KEY ("price_id") REFERENCES "catalog_prices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_upsell_price_id_fkey" FOREIGN KEY ("upsell_price_id") REFERENCES "catalog_prices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_product_code_fkey" FOREIGN KEY ("product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: what Prisma's schema language cannot express.
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_amounts_valid"
  CHECK (unit_amount >= 0 AND (reference_amount IS NULL OR reference_amount >= 0)
    AND version >= 1 AND min_quantity >= 1 AND max_quantity >= min_quantity);

-- A published price is history an order points at: a change is a new version, never an edit. The
-- migration runner splits its script at every semicolon, so the body spells its own as \003B.
CREATE FUNCTION "catalog_prices_append_only"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  RAISE EXCEPTION ''catalog_prices rows are never changed: publish a new version instead''\003B
END';
CREATE TRIGGER catalog_prices_append_only BEFORE UPDATE OR DELETE ON "catalog_prices"
  FOR EACH ROW EXECUTE FUNCTION "catalog_prices_append_only"();

-- The catalog as it was in code, so nothing a visitor sees changes.
INSERT INTO "catalog_products" ("code", "name", "kind", "position") VALUES
  ('fast-forward-book', 'Fast Forward (digital book)', 'one_time', 1),
  ('ai-step-by-step', 'AI Step By Step', 'one_time', 2),
  ('team-training-seat', 'Realtime AI Academy team training', 'subscription_per_seat', 3),
  ('team-training-test', 'Realtime AI Academy team training (test purchase)', 'subscription_per_seat', 4);

INSERT INTO "catalog_prices"
  ("id", "product_code", "version", "unit_amount", "reference_amount", "min_quantity", "max_quantity", "created_by")
VALUES
  (gen_random_uuid(), 'fast-forward-book', 1, 700, 4797, 1, 10, 'migration'),
  (gen_random_uuid(), 'ai-step-by-step', 1, 49700, 399700, 1, 1, 'migration'),
  (gen_random_uuid(), 'team-training-seat', 1, 50000, 200000, 1, 50, 'migration'),
  (gen_random_uuid(), 'team-training-test', 1, 100, NULL, 1, 50, 'migration');
