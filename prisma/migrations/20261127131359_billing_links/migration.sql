-- CreateTable
CREATE TABLE "billing_links" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),
    "used_ip" TEXT,

    CONSTRAINT "billing_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "billing_links_token_hash_key" ON "billing_links"("token_hash");

-- CreateIndex
CREATE INDEX "billing_links_email_idx" ON "billing_links"("email");
