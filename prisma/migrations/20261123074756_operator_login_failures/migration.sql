-- CreateTable
CREATE TABLE "operator_login_failures" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),

    CONSTRAINT "operator_login_failures_pkey" PRIMARY KEY ("email")
);
