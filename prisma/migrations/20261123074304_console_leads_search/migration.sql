-- Hand-written: the trigram operator classes below need pg_trgm (shipped with PostgreSQL and the
-- embedded server). schema.prisma cannot declare an extension without a preview feature.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "prospects_created_at_idx";

-- CreateIndex
CREATE INDEX "prospects_created_at_id_idx" ON "prospects"("created_at", "id");

-- CreateIndex
CREATE INDEX "prospects_name_trgm_idx" ON "prospects" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "prospects_email_trgm_idx" ON "prospects" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "prospects_first_utm_source_created_at_id_idx" ON "prospects"("first_utm_source", "created_at", "id");

-- CreateIndex
CREATE INDEX "survey_responses_prospect_id_created_at_idx" ON "survey_responses"("prospect_id", "created_at");

-- CreateIndex
CREATE INDEX "orders_prospect_id_created_at_idx" ON "orders"("prospect_id", "created_at");

-- CreateIndex
CREATE INDEX "phone_consents_prospect_id_idx" ON "phone_consents"("prospect_id");

-- CreateIndex
CREATE INDEX "scheduled_calls_prospect_id_idx" ON "scheduled_calls"("prospect_id");

-- CreateIndex
CREATE INDEX "outgoing_emails_prospect_id_idx" ON "outgoing_emails"("prospect_id");
