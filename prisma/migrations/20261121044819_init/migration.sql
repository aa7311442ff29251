-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "survey_track" AS ENUM ('BUSINESS_OWNER', 'NON_OWNER');

-- CreateEnum
CREATE TYPE "order_status" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'CANCELED');

-- CreateEnum
CREATE TYPE "email_status" AS ENUM ('QUEUED', 'SENT', 'LOGGED', 'FAILED');

-- CreateTable
CREATE TABLE "prospects" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "first_utm_source" TEXT NOT NULL DEFAULT '',
    "first_utm_medium" TEXT NOT NULL DEFAULT '',
    "first_utm_campaign" TEXT NOT NULL DEFAULT '',
    "first_utm_term" TEXT NOT NULL DEFAULT '',
    "first_utm_content" TEXT NOT NULL DEFAULT '',
    "last_utm_source" TEXT NOT NULL DEFAULT '',
    "last_utm_medium" TEXT NOT NULL DEFAULT '',
    "last_utm_campaign" TEXT NOT NULL DEFAULT '',
    "last_utm_term" TEXT NOT NULL DEFAULT '',
    "last_utm_content" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prospects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "funnel_sessions" (
    "id" TEXT NOT NULL,
    "browser_id" TEXT NOT NULL,
    "prospect_id" UUID,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "utm_source" TEXT NOT NULL DEFAULT '',
    "utm_medium" TEXT NOT NULL DEFAULT '',
    "utm_campaign" TEXT NOT NULL DEFAULT '',
    "utm_term" TEXT NOT NULL DEFAULT '',
    "utm_content" TEXT NOT NULL DEFAULT '',
    "gpc_opt_out" BOOLEAN NOT NULL DEFAULT false,
    "offer_variant" TEXT,
    "countdown_started_at" TIMESTAMPTZ(3),

    CONSTRAINT "funnel_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "survey_responses" (
    "id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "prospect_id" UUID,
    "track" "survey_track" NOT NULL,
    "ready_to_implement" TEXT,
    "has_budget" TEXT,
    "will_save_money" TEXT,
    "industry" TEXT,
    "revenue" TEXT,
    "ai_experience" TEXT,
    "business_motivation" TEXT,
    "investment_plan" TEXT,
    "business_vision" TEXT,
    "qualified" BOOLEAN NOT NULL,
    "rule_version" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "survey_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "funnel_events" (
    "id" BIGSERIAL NOT NULL,
    "session_id" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "client_timestamp" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "funnel_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "contact_id" TEXT NOT NULL,
    "prospect_id" UUID,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "product_id" TEXT NOT NULL,
    "product_name" TEXT NOT NULL,
    "is_subscription" BOOLEAN NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_price" INTEGER NOT NULL,
    "total_amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "payment_method" TEXT NOT NULL DEFAULT 'card',
    "status" "order_status" NOT NULL DEFAULT 'PENDING',
    "gateway" TEXT NOT NULL,
    "provider_payment_id" TEXT,
    "provider_price_id" TEXT,
    "provider_customer_id" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "failure_message" TEXT,
    "fulfilled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "provider_subscription_id" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "current_period_end" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "issued_accounts" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "login_email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "product_purchased" TEXT NOT NULL,
    "seats_count" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "issued_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "handoff_tokens" (
    "jti" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "handoff_tokens_pkey" PRIMARY KEY ("jti")
);

-- CreateTable
CREATE TABLE "phone_consents" (
    "id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "prospect_id" UUID,
    "phone_e164" TEXT NOT NULL,
    "consent_text" TEXT NOT NULL,
    "consent_version" TEXT NOT NULL,
    "page_url" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "user_agent" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "phone_consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_calls" (
    "id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "prospect_id" UUID,
    "event_id" TEXT NOT NULL,
    "scheduled_time" TIMESTAMPTZ(3),
    "event_type" TEXT NOT NULL,
    "user_timezone" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scheduled_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outgoing_emails" (
    "id" UUID NOT NULL,
    "template" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" "email_status" NOT NULL DEFAULT 'QUEUED',
    "provider_id" TEXT,
    "error" TEXT,
    "prospect_id" UUID,
    "order_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "outgoing_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_provider_events" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_provider_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key","window_start")
);

-- CreateIndex
CREATE UNIQUE INDEX "prospects_email_key" ON "prospects"("email");

-- CreateIndex
CREATE INDEX "prospects_created_at_idx" ON "prospects"("created_at");

-- CreateIndex
CREATE INDEX "funnel_sessions_browser_id_idx" ON "funnel_sessions"("browser_id");

-- CreateIndex
CREATE INDEX "funnel_sessions_prospect_id_idx" ON "funnel_sessions"("prospect_id");

-- CreateIndex
CREATE INDEX "funnel_sessions_started_at_idx" ON "funnel_sessions"("started_at");

-- CreateIndex
CREATE INDEX "survey_responses_session_id_idx" ON "survey_responses"("session_id");

-- CreateIndex
CREATE INDEX "survey_responses_qualified_created_at_idx" ON "survey_responses"("qualified", "created_at");

-- CreateIndex
CREATE INDEX "funnel_events_step_received_at_idx" ON "funnel_events"("step", "received_at");

-- CreateIndex
CREATE INDEX "funnel_events_session_id_received_at_idx" ON "funnel_events"("session_id", "received_at");

-- CreateIndex
CREATE UNIQUE INDEX "orders_provider_payment_id_key" ON "orders"("provider_payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_idempotency_key_key" ON "orders"("idempotency_key");

-- CreateIndex
CREATE INDEX "orders_status_created_at_idx" ON "orders"("status", "created_at");

-- CreateIndex
CREATE INDEX "orders_contact_id_idx" ON "orders"("contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_order_id_key" ON "subscriptions"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_key" ON "subscriptions"("provider_subscription_id");

-- CreateIndex
CREATE INDEX "subscriptions_status_idx" ON "subscriptions"("status");

-- CreateIndex
CREATE UNIQUE INDEX "issued_accounts_order_id_key" ON "issued_accounts"("order_id");

-- CreateIndex
CREATE INDEX "issued_accounts_login_email_idx" ON "issued_accounts"("login_email");

-- CreateIndex
CREATE INDEX "handoff_tokens_order_id_idx" ON "handoff_tokens"("order_id");

-- CreateIndex
CREATE INDEX "phone_consents_phone_e164_idx" ON "phone_consents"("phone_e164");

-- CreateIndex
CREATE INDEX "phone_consents_created_at_idx" ON "phone_consents"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_calls_event_id_key" ON "scheduled_calls"("event_id");

-- CreateIndex
CREATE INDEX "scheduled_calls_created_at_idx" ON "scheduled_calls"("created_at");

-- CreateIndex
CREATE INDEX "outgoing_emails_status_created_at_idx" ON "outgoing_emails"("status", "created_at");

-- CreateIndex
CREATE INDEX "outgoing_emails_order_id_idx" ON "outgoing_emails"("order_id");

-- CreateIndex
CREATE INDEX "processed_provider_events_type_received_at_idx" ON "processed_provider_events"("type", "received_at");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_window_start_idx" ON "rate_limit_buckets"("window_start");

-- AddForeignKey
ALTER TABLE "funnel_sessions" ADD CONSTRAINT "funnel_sessions_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "funnel_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issued_accounts" ADD CONSTRAINT "issued_accounts_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handoff_tokens" ADD CONSTRAINT "handoff_tokens_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "phone_consents" ADD CONSTRAINT "phone_consents_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
