-- AlterEnum
ALTER TYPE "suppression_reason" ADD VALUE 'PRIVACY_REQUEST';

-- AlterTable
ALTER TABLE "privacy_requests" ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "completed_by" TEXT;

-- CreateTable
CREATE TABLE "privacy_preferences" (
    "address_hash" TEXT NOT NULL,
    "opt_out_sharing" BOOLEAN NOT NULL DEFAULT false,
    "limit_sensitive" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "privacy_preferences_pkey" PRIMARY KEY ("address_hash")
);
