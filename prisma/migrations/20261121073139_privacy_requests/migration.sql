-- CreateTable
CREATE TABLE "privacy_requests" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "request_type" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'received',
    "respond_by" TIMESTAMPTZ(3) NOT NULL,
    "browser_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "privacy_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "privacy_requests_status_respond_by_idx" ON "privacy_requests"("status", "respond_by");

-- CreateIndex
CREATE INDEX "privacy_requests_email_idx" ON "privacy_requests"("email");
