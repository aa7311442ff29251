-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "plan_access_rule" TEXT,
ADD COLUMN     "plan_instalments" INTEGER;

-- AlterTable
ALTER TABLE "demo_subscriptions" ADD COLUMN     "max_invoices" INTEGER;

-- AlterTable
ALTER TABLE "catalog_prices" ADD COLUMN     "plan_access_rule" TEXT,
ADD COLUMN     "plan_amount" INTEGER,
ADD COLUMN     "plan_instalments" INTEGER;

-- A plan is all three columns or none (each tested for NULL: a NULL comparison would pass a CHECK): 2 to 12 monthly instalments of at least a card's smallest charge.
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_plan_valid" CHECK (
  ("plan_instalments" IS NULL AND "plan_amount" IS NULL AND "plan_access_rule" IS NULL)
  OR ("plan_instalments" IS NOT NULL AND "plan_amount" IS NOT NULL AND "plan_access_rule" IS NOT NULL
      AND "plan_instalments" BETWEEN 2 AND 12 AND "plan_amount" >= 50
      AND "plan_access_rule" IN ('full_on_first', 'paused_while_overdue')));
