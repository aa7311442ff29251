-- CreateTable
CREATE TABLE "seat_changes" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "from_quantity" INTEGER NOT NULL,
    "to_quantity" INTEGER NOT NULL,
    "request_key" TEXT NOT NULL,
    "with_refund" BOOLEAN NOT NULL DEFAULT false,
    "reason" TEXT NOT NULL,
    "operator_id" TEXT,
    "applied_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seat_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "seat_changes_request_key_key" ON "seat_changes"("request_key");

-- CreateIndex
CREATE INDEX "seat_changes_order_id_created_at_idx" ON "seat_changes"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING GIN ("name" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "seat_changes" ADD CONSTRAINT "seat_changes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
