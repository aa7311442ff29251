-- CreateEnum
CREATE TYPE "operator_role" AS ENUM ('owner', 'operator', 'read_only');

-- AlterTable
ALTER TABLE "operator_users" ADD COLUMN     "role" "operator_role" NOT NULL DEFAULT 'read_only';

-- Written by hand: every operator that existed before roles keeps full access.
UPDATE "operator_users" SET "role" = 'owner';
