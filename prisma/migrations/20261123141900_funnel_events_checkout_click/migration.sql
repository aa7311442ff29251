-- A split test's checkout step looks up the checkout_click events of its visitors' sessions. A
-- partial index holds only those (a few per cent of the events), so the lookup never scans the
-- table. Prisma's schema cannot declare a partial index without a preview feature, and its diff
-- leaves one it did not declare alone (npm run db:status reports no drift).
CREATE INDEX "funnel_events_checkout_click_idx" ON "funnel_events"("session_id") WHERE "action" = 'checkout_click';
