-- CreateTable
CREATE TABLE "catalog_bumps" (
    "id" UUID NOT NULL,
    "product_code" TEXT NOT NULL,
    "bump_product_code" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_bumps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_bump_versions" (
    "id" UUID NOT NULL,
    "bump_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "headline" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_bump_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_bumps" (
    "order_id" UUID NOT NULL,
    "bump_id" UUID NOT NULL,
    "bump_version_id" UUID NOT NULL,
    "product_code" TEXT NOT NULL,
    "product_name" TEXT NOT NULL,
    "price_id" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "order_bumps_pkey" PRIMARY KEY ("order_id","bump_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "catalog_bumps_product_code_bump_product_code_key" ON "catalog_bumps"("product_code", "bump_product_code");

-- CreateIndex
CREATE UNIQUE INDEX "catalog_bump_versions_bump_id_version_key" ON "catalog_bump_versions"("bump_id", "version");

-- AddForeignKey
ALTER TABLE "catalog_bumps" ADD CONSTRAINT "catalog_bumps_product_code_fkey" FOREIGN KEY ("product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_bumps" ADD CONSTRAINT "catalog_bumps_bump_product_code_fkey" FOREIGN KEY ("bump_product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_bump_versions" ADD CONSTRAINT "catalog_bump_versions_bump_id_fkey" FOREIGN KEY ("bump_id") REFERENCES "catalog_bumps"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_bumps" ADD CONSTRAINT "order_bumps_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_bumps" ADD CONSTRAINT "order_bumps_bump_id_fkey" FOREIGN KEY ("bump_id") REFERENCES "catalog_bumps"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_bumps" ADD CONSTRAINT "order_bumps_bump_version_id_fkey" FOREIGN KEY ("bump_version_id") REFERENCES "catalog_bump_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_bumps" ADD CONSTRAINT "order_bumps_price_id_fkey" FOREIGN KEY ("price_id") REFERENCES "catalog_prices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: what Prisma's schema language cannot express.
ALTER TABLE "catalog_bumps" ADD CONSTRAINT "catalog_bumps_other_product"
  CHECK (bump_product_code <> product_code);
ALTER TABLE "catalog_bump_versions" ADD CONSTRAINT "catalog_bump_versions_valid"
  CHECK (version >= 1 AND position >= 0 AND length(btrim(headline)) BETWEEN 1 AND 120
    AND length(description) <= 600);

-- A bump version is history an order points at, like a price. The migration runner splits its
-- script at every semicolon, so the body spells its own as \003B.
CREATE FUNCTION "catalog_bump_versions_append_only"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  RAISE EXCEPTION ''catalog_bump_versions rows are never changed: publish a new version instead''\003B
END';
CREATE TRIGGER catalog_bump_versions_append_only BEFORE UPDATE OR DELETE ON "catalog_bump_versions"
  FOR EACH ROW EXECUTE FUNCTION "catalog_bump_versions_append_only"();

-- The add-on the code had: the course on the book's order, in the words the offer used.
WITH "bump" AS (
  INSERT INTO "catalog_bumps" ("id", "product_code", "bump_product_code")
  VALUES (gen_random_uuid(), 'fast-forward-book', 'ai-step-by-step')
  RETURNING "id"
)
INSERT INTO "catalog_bump_versions"
  ("id", "bump_id", "version", "headline", "description", "position", "active", "created_by")
SELECT gen_random_uuid(), "id", 1, 'Yes! Add AI Step By Step to my order',
  'The video training series, a live virtual workshop, the implementation guide and 30 business templates: every step of the RACE Framework, done on real business processes.',
  1, true, 'migration'
  FROM "bump";
