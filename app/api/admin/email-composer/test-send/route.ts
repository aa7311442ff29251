// POST /api/admin/email-composer/test-send — queue a draft to the operator's own address (staff);
// GET ?id= — that test's delivery state.
import { testSendRoute, testStatusRoute } from "@/lib/console/server/sequence-routes";

export const POST = testSendRoute;
export const GET = testStatusRoute;
