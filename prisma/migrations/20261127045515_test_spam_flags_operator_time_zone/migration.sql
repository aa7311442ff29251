-- CreateEnum
CREATE TYPE "exclusion_kind" AS ENUM ('test', 'spam');

-- AlterTable
ALTER TABLE "prospects" ADD COLUMN     "excluded_as" "exclusion_kind",
ADD COLUMN     "excluded_at" TIMESTAMPTZ(3),
ADD COLUMN     "excluded_by" TEXT;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "excluded_as" "exclusion_kind",
ADD COLUMN     "excluded_at" TIMESTAMPTZ(3),
ADD COLUMN     "excluded_by" TEXT;

-- AlterTable
ALTER TABLE "operator_users" ADD COLUMN     "time_zone" TEXT;
