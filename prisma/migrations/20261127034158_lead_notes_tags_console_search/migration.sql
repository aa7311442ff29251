-- AlterTable
ALTER TABLE "prospects" ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "lead_notes" (
    "id" UUID NOT NULL,
    "prospect_id" UUID NOT NULL,
    "operator_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_notes_prospect_id_created_at_idx" ON "lead_notes"("prospect_id", "created_at");

-- CreateIndex
CREATE INDEX "privacy_requests_email_trgm_idx" ON "privacy_requests" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "privacy_requests_status_trgm_idx" ON "privacy_requests" USING GIN ("status" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "audit_log_action_trgm_idx" ON "audit_log" USING GIN ("action" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "audit_log_target_id_trgm_idx" ON "audit_log" USING GIN ("target_id" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
