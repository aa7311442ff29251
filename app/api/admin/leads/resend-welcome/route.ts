// POST /api/admin/leads/resend-welcome — queue the welcome e-mail again (not to an unsubscribed lead).
import { resendWelcomeRoute } from "@/lib/console/server/lead-routes";

export const POST = resendWelcomeRoute;
