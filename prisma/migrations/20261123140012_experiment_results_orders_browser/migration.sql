-- CreateIndex
CREATE INDEX "orders_browser_id_created_at_idx" ON "orders"("browser_id", "created_at");
