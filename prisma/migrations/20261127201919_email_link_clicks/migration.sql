-- CreateTable
CREATE TABLE "email_link_clicks" (
    "id" UUID NOT NULL,
    "email_id" UUID NOT NULL,
    "prospect_id" UUID,
    "url" TEXT NOT NULL,
    "clicked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_link_clicks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "email_link_clicks_email_id_clicked_at_idx" ON "email_link_clicks"("email_id", "clicked_at");

-- CreateIndex
CREATE INDEX "email_link_clicks_prospect_id_clicked_at_idx" ON "email_link_clicks"("prospect_id", "clicked_at");

-- AddForeignKey
ALTER TABLE "email_link_clicks" ADD CONSTRAINT "email_link_clicks_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "outgoing_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_link_clicks" ADD CONSTRAINT "email_link_clicks_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;
