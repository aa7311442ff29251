-- CreateIndex
CREATE INDEX "prospects_updated_at_idx" ON "prospects"("updated_at");

-- CreateIndex
CREATE INDEX "funnel_sessions_last_seen_at_idx" ON "funnel_sessions"("last_seen_at");

-- CreateIndex
CREATE INDEX "orders_updated_at_idx" ON "orders"("updated_at");
