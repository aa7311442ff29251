// Ports of the browser-test servers, derived from E2E_PORT so parallel checkouts do not collide:
// the funnel (demo payments), the same funnel in Stripe mode, the Stripe API test double, and the
// funnel with test purchases enabled.
export const PORT = Number(process.env.E2E_PORT ?? 3100);
// The Stripe-mode server also hosts the running landing split test of e2e/experiments.spec.ts: it
// changes `/` for every visitor of its server, so no other spec may visit `/` there. The console
// specs' offer split tests run there too (helpers/offer-experiment.ts): its offer page is opened
// only as a preview (`?variant=`), which no experiment changes.
export const STRIPE_MODE_PORT = PORT + 1000;
export const STRIPE_DOUBLE_PORT = PORT + 2000;
export const STRIPE_MODE_URL = `http://localhost:${STRIPE_MODE_PORT}`;
export const STRIPE_DOUBLE_URL = `http://127.0.0.1:${STRIPE_DOUBLE_PORT}`;
export const TEST_PURCHASES_PORT = PORT + 3000;
export const TEST_PURCHASES_URL = `http://localhost:${TEST_PURCHASES_PORT}`;
