// Set-based (INSERT ... SELECT over generate_series) so a million sessions take minutes. One
// temporary table draws each session's fate; inserts read it in chunks ($1..$2 of n).

export const DEMO_TABLES = [
  "experiment_exposures",
  "experiments",
  "refunds",
  "seat_changes",
  "funnel_events",
  "subscriptions",
  "orders",
  "survey_responses",
  "funnel_sessions",
  "prospects",
];

/** $1 sessions, $2 days of history ending $3 (exclusive). */
export const DRAW_SESSIONS = `
  CREATE TEMP TABLE demo_draw AS
  SELECT d.*,
         d.opt_in AND d.r_survey < 0.8 AS survey,
         d.opt_in AND d.r_survey < 0.8 AND d.r_qual < 0.3 AS qualified,
         CASE WHEN d.opt_in AND d.r_survey < 0.8 AND d.r_qual >= 0.3 AND d.r_offer < 0.85
              THEN (ARRAY['countdown', 'add-to-order', 'team'])[1 + floor(d.r_variant * 3)::int] END AS offer_variant,
         CASE WHEN d.opt_in THEN gen_random_uuid() END AS prospect_id
    FROM (
      SELECT g AS n, 'demo-' || g AS id,
             $3::timestamptz - random() * $2::int * interval '1 day' AS started_at,
             random() < 0.2 AS paid_landing,
             (ARRAY['google', 'facebook', 'newsletter', 'youtube', 'linkedin', ''])[1 + floor(random() * 6)::int] AS utm_source,
             (ARRAY['spring', 'fall', 'launch', 'evergreen', ''])[1 + floor(random() * 5)::int] AS utm_campaign,
             random() AS r_pl, random() < 0.35 AS opt_in_draw, random() AS r_survey, random() AS r_qual,
             random() AS r_offer, random() AS r_variant, random() AS r_checkout, random() AS r_paid,
             random() AS r_refund, random() AS r_extra, random() AS r_seats
        FROM generate_series(1, $1::int) g
    ) d0
    CROSS JOIN LATERAL (SELECT d0.*, NOT d0.paid_landing AND d0.opt_in_draw AS opt_in) d`;

export const DRAW_ORDERS = `
  CREATE TEMP TABLE demo_order AS
  SELECT d.n, d.id, d.prospect_id, d.started_at, d.utm_source, d.utm_campaign, p.product_id, p.product_name,
         p.product_id = 'team-training-seat' AS is_subscription, p.quantity, p.unit_price,
         CASE WHEN d.r_paid < 0.45 AND d.r_refund < 0.08 THEN 'REFUNDED'
              WHEN d.r_paid < 0.45 THEN 'SUCCEEDED'
              WHEN d.r_paid < 0.85 THEN 'PENDING' ELSE 'FAILED' END::order_status AS status
    FROM demo_draw d
    CROSS JOIN LATERAL (
      SELECT CASE WHEN d.paid_landing THEN 'fast-forward-book'
                  WHEN d.offer_variant = 'team' THEN 'team-training-seat' ELSE 'ai-step-by-step' END AS product_id,
             CASE WHEN d.paid_landing THEN 'Fast Forward (digital book)'
                  WHEN d.offer_variant = 'team' THEN 'Realtime AI Academy team training' ELSE 'AI Step By Step' END AS product_name,
             CASE WHEN d.offer_variant = 'team' THEN 1 + floor(d.r_seats * 10)::int ELSE 1 END AS quantity,
             CASE WHEN d.paid_landing THEN 700 WHEN d.offer_variant = 'team' THEN 50000 ELSE 49700 END AS unit_price
    ) p
   WHERE (d.paid_landing AND d.r_checkout < 0.12) OR (d.offer_variant IS NOT NULL AND d.r_checkout < 0.15)`;

export const INSERT_PROSPECTS = `
  INSERT INTO prospects (id, email, name, first_name, last_name, first_utm_source, first_utm_campaign,
                         last_utm_source, last_utm_campaign, created_at, updated_at)
  SELECT prospect_id, 'demo-' || n || '@example.test', 'Demo Lead ' || n, 'Demo', 'Lead ' || n,
         utm_source, utm_campaign, utm_source, utm_campaign, started_at + interval '1 minute', started_at + interval '1 minute'
    FROM demo_draw WHERE opt_in AND n BETWEEN $1 AND $2`;

export const INSERT_SESSIONS = `
  INSERT INTO funnel_sessions (id, browser_id, prospect_id, started_at, last_seen_at, utm_source, utm_campaign, offer_variant)
  SELECT id, 'demo-browser-' || n, prospect_id, started_at, started_at + interval '10 minutes', utm_source, utm_campaign, offer_variant
    FROM demo_draw WHERE n BETWEEN $1 AND $2`;

export const INSERT_SURVEYS = `
  INSERT INTO survey_responses (id, session_id, prospect_id, track, qualified, rule_version, created_at)
  SELECT gen_random_uuid(), id, prospect_id,
         CASE WHEN qualified OR r_qual < 0.6 THEN 'BUSINESS_OWNER' ELSE 'NON_OWNER' END::survey_track,
         qualified, 'demo', started_at + interval '3 minutes'
    FROM demo_draw WHERE survey AND n BETWEEN $1 AND $2`;

export const INSERT_ORDERS = `
  INSERT INTO orders (id, contact_id, prospect_id, email, name, product_id, product_name, is_subscription, quantity,
                      unit_price, total_amount, status, browser_id, gateway, idempotency_key, first_utm_source,
                      first_utm_campaign, last_utm_source, last_utm_campaign, fulfilled_at, created_at, updated_at)
  SELECT gen_random_uuid(), id, prospect_id, 'demo-' || n || '@example.test', 'Demo Lead ' || n, product_id, product_name,
         is_subscription, quantity, unit_price, unit_price * quantity, status, 'demo-browser-' || n, 'demo',
         'demo-order-' || n, utm_source, utm_campaign, utm_source, utm_campaign,
         CASE WHEN status IN ('SUCCEEDED', 'REFUNDED') THEN started_at + interval '7 minutes' END,
         started_at + interval '6 minutes', started_at + interval '7 minutes'
    FROM demo_order WHERE n BETWEEN $1 AND $2`;

export const INSERT_SUBSCRIPTIONS = `
  INSERT INTO subscriptions (id, order_id, provider_subscription_id, quantity, status, current_period_end, created_at, updated_at)
  SELECT gen_random_uuid(), o.id, 'demo_sub_' || d.n, o.quantity,
         CASE WHEN o.status = 'REFUNDED' THEN 'canceled' ELSE 'active' END,
         o.created_at + interval '1 month', o.created_at, o.created_at
    FROM demo_order d JOIN orders o ON o.idempotency_key = 'demo-order-' || d.n
   WHERE d.is_subscription AND d.status IN ('SUCCEEDED', 'REFUNDED') AND d.n BETWEEN $1 AND $2`;

// Every third paid subscription gained a seat ten days in, so the seat history has changes to read.
export const INSERT_SEAT_CHANGES = `
  WITH changed AS (
    INSERT INTO seat_changes (id, order_id, from_quantity, to_quantity, request_key, reason, applied_at, created_at)
    SELECT gen_random_uuid(), o.id, o.quantity, o.quantity + 1, 'demo-seat-' || d.n, 'demo',
           o.created_at + interval '10 days', o.created_at + interval '10 days'
      FROM demo_order d JOIN orders o ON o.idempotency_key = 'demo-order-' || d.n
     WHERE d.is_subscription AND d.status = 'SUCCEEDED' AND d.n % 3 = 0 AND d.n BETWEEN $1 AND $2
       AND o.created_at + interval '10 days' < now()
    RETURNING order_id, to_quantity
  )
  UPDATE subscriptions s SET quantity = c.to_quantity FROM changed c WHERE s.order_id = c.order_id`;

// The revenue report sums refunds by date, so refunded orders need their refund row.
export const INSERT_REFUNDS = `
  INSERT INTO refunds (id, order_id, amount, currency, reason, provider_refund_id, source, created_at)
  SELECT gen_random_uuid(), o.id, o.total_amount, o.currency, 'demo', 're_demo_seed_' || d.n, 'console',
         o.created_at + (1 + (d.n % 20)) * interval '1 day'
    FROM demo_order d JOIN orders o ON o.idempotency_key = 'demo-order-' || d.n
   WHERE d.status = 'REFUNDED' AND d.n BETWEEN $1 AND $2`;

export const INSERT_EVENTS = `
  INSERT INTO funnel_events (session_id, step, action, data, client_timestamp, received_at)
  SELECT d.id, e.step, e.action, e.data, d.started_at + e.after * interval '1 second', d.started_at + e.after * interval '1 second'
    FROM demo_draw d
    LEFT JOIN demo_order o ON o.n = d.n
    CROSS JOIN LATERAL (
      SELECT 1 AS step, 'page_load' AS action, 0 AS after,
             jsonb_build_object('page', CASE WHEN d.paid_landing THEN '/paid' ELSE '/' END, 'referrer', NULL,
                                'viewport', CASE WHEN d.r_extra < 0.6 THEN 'mobile' ELSE 'desktop' END,
                                'utm_source', d.utm_source, 'utm_medium', '', 'utm_campaign', d.utm_campaign,
                                'utm_term', '', 'utm_content', '') AS data
       WHERE d.r_pl < 0.95
      UNION ALL
      SELECT 1, 'page_load', 30 + k, jsonb_build_object('page', CASE WHEN d.paid_landing THEN '/paid' ELSE '/' END)
        FROM generate_series(1, floor(d.r_extra * 6.5)::int) k
      UNION ALL SELECT 2, 'button_click', 40, '{"source":"hero"}'::jsonb WHERE NOT d.paid_landing AND d.r_pl < 0.5
      UNION ALL SELECT 3, 'form_submit', 60, '{"source":"hero"}'::jsonb WHERE d.opt_in
      UNION ALL SELECT 4, 'survey_submit', 180, jsonb_build_object('track', 'business_owner') WHERE d.survey
      UNION ALL SELECT 5, 'qualification_result', 181, jsonb_build_object('qualified', d.qualified) WHERE d.survey
      UNION ALL SELECT 6, 'checkout_click', 300, '{"target":"/checkout","button":"buy"}'::jsonb WHERE o.n IS NOT NULL
      UNION ALL SELECT 7, 'payment_complete', 420,
             jsonb_build_object('productId', o.product_id, 'quantity', o.quantity, 'transactionId', 'demo-order-' || o.n,
                                'amount', o.unit_price * o.quantity)
       WHERE o.status IN ('SUCCEEDED', 'REFUNDED')
    ) e
   WHERE d.n BETWEEN $1 AND $2`;

export const DEMO_EXPERIMENT_KEY = "demo-landing";

export const INSERT_EXPERIMENT = `
  INSERT INTO experiments (id, key, surface, variants, primary_metric, status, started_at, created_by, created_at, updated_at)
  VALUES (gen_random_uuid(), '${DEMO_EXPERIMENT_KEY}', 'landing', '[{"key":"free","weight":80},{"key":"paid","weight":20}]',
          'opt_in', 'running', $1::timestamptz, 'demo', $1::timestamptz, $1::timestamptz)`;

export const COUNT_EXPOSURE_OUTCOMES = `
  SELECT experiment_exposures_refresh_experiment(id, NULL) FROM experiments WHERE key = '${DEMO_EXPERIMENT_KEY}'`;

export const INSERT_EXPOSURES = `
  INSERT INTO experiment_exposures (experiment_id, browser_id, variant, exposed_at)
  SELECT e.id, 'demo-browser-' || d.n, CASE WHEN d.paid_landing THEN 'paid' ELSE 'free' END, d.started_at
    FROM demo_draw d CROSS JOIN (SELECT id FROM experiments WHERE key = '${DEMO_EXPERIMENT_KEY}') e
   WHERE d.n % 5 = 0`;
