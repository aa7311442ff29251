-- CreateEnum
CREATE TYPE "sequence_entry_event" AS ENUM ('OPT_IN', 'PURCHASE', 'BOOKED_CALL', 'SUBSCRIPTION_CANCELLED');

-- CreateEnum
CREATE TYPE "sequence_enrollment_state" AS ENUM ('ACTIVE', 'COMPLETED', 'EXITED');

-- CreateEnum
CREATE TYPE "sequence_exit_reason" AS ENUM ('PURCHASED', 'UNSUBSCRIBED', 'CONDITION');

-- AlterTable
ALTER TABLE "outgoing_emails" ADD COLUMN     "sequence_step_id" UUID;

-- CreateTable
CREATE TABLE "sequences" (
    "id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "entry_event" "sequence_entry_event" NOT NULL,
    "promoted_product_code" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "watermark" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sequences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sequence_steps" (
    "id" UUID NOT NULL,
    "sequence_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "delay_hours" INTEGER NOT NULL,
    "condition" JSONB,
    "subject" TEXT NOT NULL,
    "preheader" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sequence_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sequence_enrollments" (
    "id" UUID NOT NULL,
    "sequence_id" UUID NOT NULL,
    "prospect_id" UUID NOT NULL,
    "entered_at" TIMESTAMPTZ(3) NOT NULL,
    "current_step" INTEGER NOT NULL DEFAULT 0,
    "next_due_at" TIMESTAMPTZ(3),
    "state" "sequence_enrollment_state" NOT NULL DEFAULT 'ACTIVE',
    "exit_reason" "sequence_exit_reason",
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sequence_enrollments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sequences_key_key" ON "sequences"("key");

-- CreateIndex
CREATE UNIQUE INDEX "sequence_steps_sequence_id_position_key" ON "sequence_steps"("sequence_id", "position");

-- CreateIndex
CREATE INDEX "sequence_enrollments_state_next_due_at_idx" ON "sequence_enrollments"("state", "next_due_at");

-- CreateIndex
CREATE INDEX "sequence_enrollments_prospect_id_idx" ON "sequence_enrollments"("prospect_id");

-- CreateIndex
CREATE UNIQUE INDEX "sequence_enrollments_sequence_id_prospect_id_key" ON "sequence_enrollments"("sequence_id", "prospect_id");

-- CreateIndex
CREATE INDEX "outgoing_emails_sequence_step_id_idx" ON "outgoing_emails"("sequence_step_id");

-- AddForeignKey
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_sequence_step_id_fkey" FOREIGN KEY ("sequence_step_id") REFERENCES "sequence_steps"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_promoted_product_code_fkey" FOREIGN KEY ("promoted_product_code") REFERENCES "catalog_products"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_sequence_id_fkey" FOREIGN KEY ("sequence_id") REFERENCES "sequences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_sequence_id_fkey" FOREIGN KEY ("sequence_id") REFERENCES "sequences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_prospect_id_fkey" FOREIGN KEY ("prospect_id") REFERENCES "prospects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The three sequences the funnel starts with (operators edit them in the console). Each step's
-- condition keeps it to its audience, and a lead who fails it leaves at the first step.
INSERT INTO "sequences" ("id", "key", "name", "entry_event", "promoted_product_code", "updated_at") VALUES
  ('5e9a0000-0000-4000-8000-000000000001', 'free-reader', 'Free reader (not a business owner)', 'OPT_IN', 'ai-step-by-step', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8000-000000000002', 'owner-not-qualified', 'Business owner, not qualified', 'OPT_IN', 'ai-step-by-step', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8000-000000000003', 'qualified-owner-no-call', 'Qualified owner who has not booked', 'OPT_IN', NULL, CURRENT_TIMESTAMP);

INSERT INTO "sequence_steps" ("id", "sequence_id", "position", "delay_hours", "condition", "subject", "preheader", "body", "updated_at") VALUES
  ('5e9a0000-0000-4000-8001-000000000001', '5e9a0000-0000-4000-8000-000000000001', 0, 24, '{"track":"NON_OWNER"}',
   'Where to start in Fast Forward', 'One chapter to read first, and why.',
   'Hi {{first_name|there}},

Thanks for picking up *Fast Forward*. If you only read one part this week, make it the RACE Framework: **Rank** your tasks by impact, **Analyze** the friction in them, **Create** an AI helper for the worst one, **Embed** it in your routine.

You don''t need a business to use it. Start with your own working day: which task do you repeat most, and what does it cost you?

[Open your copy of the book]({{book_url}})

Reply to this e-mail if a chapter leaves you with a question: a person reads the replies.', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8001-000000000002', '5e9a0000-0000-4000-8000-000000000001', 1, 72, '{"track":"NON_OWNER"}',
   'Rank before you build', 'The first RACE step, in ten minutes.',
   'Hi {{first_name|there}},

Most people start with the tool. The book starts one step earlier: list what you do in a week, then rank it by the time it takes and how much it matters.

Try it today:

1. Write down ten tasks you did this week.
2. Mark the three that take longest.
3. Pick the one you could describe to a new colleague in five sentences. That one is your first AI project.

The chapter on ranking walks through an example. [Read it in your copy]({{book_url}})', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8001-000000000003', '5e9a0000-0000-4000-8000-000000000001', 2, 96, '{"track":"NON_OWNER"}',
   'If you want to be walked through every step', 'AI Step By Step, the course that follows the book.',
   'Hi {{first_name|there}},

The book gives you the framework. Some readers want more: to watch each step done, then do it themselves with a template.

That is what **AI Step By Step** is: a video training series, a virtual workshop, an implementation guide and 30 templates that follow the RACE Framework.

[See what the course includes and what it costs]({{offer_url}})

If the book is enough for you, that''s fine too: this is the last e-mail in this series.', CURRENT_TIMESTAMP),

  ('5e9a0000-0000-4000-8002-000000000001', '5e9a0000-0000-4000-8000-000000000002', 0, 24, '{"track":"BUSINESS_OWNER","qualified":false}',
   'Putting Fast Forward to work in your business', 'Start with the one task that costs you most.',
   'Hi {{first_name|there}},

Thanks for reading *Fast Forward*. You told us you run a business, so here is where the book pays off fastest: the tasks your team repeats every day.

Pick one, time it for a week, and run it through the RACE Framework: Rank, Analyze, Create, Embed.

[Open your copy of the book]({{book_url}})', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8002-000000000002', '5e9a0000-0000-4000-8000-000000000002', 1, 72, '{"track":"BUSINESS_OWNER","qualified":false}',
   'The course behind the book', 'AI Step By Step: the framework, done with you.',
   'Hi {{first_name|there}},

After the survey you saw our one-time offer for **AI Step By Step**. In case you closed it in a hurry, here is what it is.

- A video training series that goes through each RACE step
- A virtual workshop
- An implementation guide and 30 business templates

It is for owners who would rather follow a plan than assemble one from the book.

[See the offer]({{offer_url}})', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8002-000000000003', '5e9a0000-0000-4000-8000-000000000002', 2, 96, '{"track":"BUSINESS_OWNER","qualified":false}',
   'A last note about AI Step By Step', 'After this we will stop writing about the course.',
   'Hi {{first_name|there}},

This is the last e-mail about the course. If now isn''t the time, keep the book: everything in the course starts from it.

If you''d like the templates and the guided workshop, the offer page has the details and the current price.

[See AI Step By Step]({{offer_url}})', CURRENT_TIMESTAMP),

  ('5e9a0000-0000-4000-8003-000000000001', '5e9a0000-0000-4000-8000-000000000003', 0, 24, '{"track":"BUSINESS_OWNER","qualified":true,"booked":false}',
   'Your free discovery session is waiting', 'Pick a time that suits you.',
   'Hi {{first_name|there}},

Your answers to the survey suggest AI could save your business real time, so we''d like to offer you a free one-on-one discovery session.

In it we look at your processes together, find the one where AI would help first, and sketch what it would take. There is no charge and no obligation.

[Book your discovery session]({{booking_url}})', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8003-000000000002', '5e9a0000-0000-4000-8000-000000000003', 1, 48, '{"track":"BUSINESS_OWNER","qualified":true,"booked":false}',
   'What happens in a discovery session', 'Thirty minutes, your business, one concrete next step.',
   'Hi {{first_name|there}},

A few owners asked what the discovery session is, so here it is plainly:

1. You tell us how your team spends its week.
2. We rank those tasks together, as in the book.
3. You leave with the one process worth automating first, and a rough plan.

[Choose a time]({{booking_url}})', CURRENT_TIMESTAMP),
  ('5e9a0000-0000-4000-8003-000000000003', '5e9a0000-0000-4000-8000-000000000003', 2, 96, '{"track":"BUSINESS_OWNER","qualified":true,"booked":false}',
   'Still want your discovery session?', 'The invitation stands. This is our last reminder.',
   'Hi {{first_name|there}},

We won''t keep reminding you: this is the last e-mail about the discovery session. The invitation stays open if you want it later.

[Book your discovery session]({{booking_url}})', CURRENT_TIMESTAMP);
