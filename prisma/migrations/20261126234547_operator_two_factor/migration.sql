-- AlterTable
ALTER TABLE "operator_users" ADD COLUMN     "two_factor_enabled" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "operator_two_factors" (
    "id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "backup_codes" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "verified" BOOLEAN DEFAULT true,
    "failed_verification_count" INTEGER DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "operator_two_factors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "operator_two_factors_user_id_key" ON "operator_two_factors"("user_id");

-- CreateIndex
CREATE INDEX "operator_two_factors_secret_idx" ON "operator_two_factors"("secret");

-- AddForeignKey
ALTER TABLE "operator_two_factors" ADD CONSTRAINT "operator_two_factors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "operator_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
