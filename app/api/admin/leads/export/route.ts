// GET /api/admin/leads/export — the leads list's current filter as a streamed CSV of leads, orders or events.
import { z } from "zod";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { streamLeadExport } from "@/lib/console/server/lead-export-response";
import { EXPORT_KINDS } from "@/lib/console/server/lead-exports";
import { leadFilterSchema } from "@/lib/leads/shared/lead-filter";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({
  action: "leads.export",
  schema: leadFilterSchema.extend({ kind: z.enum(EXPORT_KINDS) }),
  source: "query",
  rateLimits: [{ name: "admin-export", limit: 60, windowSeconds: 600 }],
  handle: ({ kind, ...filter }, context) =>
    streamLeadExport(kind, filter, { operatorId: context.operator.id, ip: context.clientIp }),
});
