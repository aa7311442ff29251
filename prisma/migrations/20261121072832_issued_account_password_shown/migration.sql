-- AlterTable
ALTER TABLE "issued_accounts" ADD COLUMN     "password_shown_at" TIMESTAMPTZ(3);
