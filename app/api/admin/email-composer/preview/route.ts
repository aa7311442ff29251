// POST /api/admin/email-composer/preview — a draft rendered as a reader gets it, footer included.
import { previewRoute } from "@/lib/console/server/sequence-routes";

export const POST = previewRoute;
