-- CreateEnum
CREATE TYPE "booking_status" AS ENUM ('BOOKED', 'CANCELED');

-- AlterTable
ALTER TABLE "scheduled_calls" ADD COLUMN     "booking_id" UUID;

-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "attachments" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "bookings" (
    "id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3) NOT NULL,
    "status" "booking_status" NOT NULL DEFAULT 'BOOKED',
    "provider_timezone" TEXT NOT NULL,
    "visitor_timezone" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "prospect_id" UUID NOT NULL,
    "phone_consent_id" UUID NOT NULL,
    "manage_token_hash" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "canceled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "bookings_manage_token_hash_key" ON "bookings"("manage_token_hash");

-- CreateIndex
CREATE INDEX "bookings_status_starts_at_idx" ON "bookings"("status", "starts_at");

-- CreateIndex
CREATE INDEX "bookings_prospect_id_starts_at_idx" ON "bookings"("prospect_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_calls_booking_id_key" ON "scheduled_calls"("booking_id");

-- AddForeignKey
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_phone_consent_id_fkey" FOREIGN KEY ("phone_consent_id") REFERENCES "phone_consents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: Prisma's schema language cannot express these, so schema.prisma only names them
-- (model Booking) and tests/integration/migrations.test.ts checks them by name.
-- No two BOOKED calls overlap, counting the buffer after each: the database, not a read before
-- the insert, decides which of two parallel bookings of one slot wins (SQLSTATE 23P01 for the
-- other). Ranges need no btree_gist: && on tstzrange is GiST's own operator.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist (tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("status" = 'BOOKED');

-- A call ends after it starts, and blocks at least until it ends.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_times_ordered"
  CHECK ("ends_at" > "starts_at" AND "blocked_until" >= "ends_at");
