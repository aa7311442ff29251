-- CreateTable
CREATE TABLE "funnel_daily_stats" (
    "day" DATE NOT NULL,
    "landing" TEXT NOT NULL,
    "offer_variant" TEXT NOT NULL,
    "utm_source" TEXT NOT NULL,
    "utm_campaign" TEXT NOT NULL,
    "sessions" INTEGER NOT NULL,
    "page_load" INTEGER NOT NULL,
    "opt_in" INTEGER NOT NULL,
    "survey" INTEGER NOT NULL,
    "qualified_or_offer" INTEGER NOT NULL,
    "checkout" INTEGER NOT NULL,
    "paid" INTEGER NOT NULL,

    CONSTRAINT "funnel_daily_stats_pkey" PRIMARY KEY ("day","landing","offer_variant","utm_source","utm_campaign")
);

-- CreateTable
CREATE TABLE "funnel_rollup_days" (
    "day" DATE NOT NULL,
    "refreshed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "funnel_rollup_days_pkey" PRIMARY KEY ("day")
);
