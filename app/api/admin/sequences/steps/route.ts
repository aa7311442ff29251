// POST /api/admin/sequences/steps — save a sequence step's delay, condition and e-mail (staff); audited.
import { saveStepRoute } from "@/lib/console/server/sequence-routes";

export const POST = saveStepRoute;
