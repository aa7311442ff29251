-- AlterTable
ALTER TABLE "privacy_requests" ADD COLUMN     "verified_at" TIMESTAMPTZ(3),
ADD COLUMN     "verify_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "verify_token_hash" TEXT;

-- CreateTable
CREATE TABLE "lead_claims" (
    "id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "prospect_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "utm_source" TEXT NOT NULL DEFAULT '',
    "utm_medium" TEXT NOT NULL DEFAULT '',
    "utm_campaign" TEXT NOT NULL DEFAULT '',
    "utm_term" TEXT NOT NULL DEFAULT '',
    "utm_content" TEXT NOT NULL DEFAULT '',
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_claims_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "lead_claims_session_id_key" ON "lead_claims"("session_id");

-- CreateIndex
CREATE UNIQUE INDEX "lead_claims_token_hash_key" ON "lead_claims"("token_hash");

-- CreateIndex
CREATE INDEX "lead_claims_prospect_id_idx" ON "lead_claims"("prospect_id");

-- CreateIndex
CREATE UNIQUE INDEX "privacy_requests_verify_token_hash_key" ON "privacy_requests"("verify_token_hash");

-- AddForeignKey
ALTER TABLE "lead_claims" ADD CONSTRAINT "lead_claims_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "funnel_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_claims" ADD CONSTRAINT "lead_claims_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Requests filed before verification existed were already being answered: they count as verified.
UPDATE "privacy_requests" SET "verified_at" = "created_at";
