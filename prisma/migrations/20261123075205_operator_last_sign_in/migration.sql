-- AlterTable
ALTER TABLE "operator_users" ADD COLUMN     "last_sign_in_at" TIMESTAMPTZ(3);
