// GET /api/admin/leads/export — the leads list's current filter as a streamed CSV of leads, orders or events.
import { z } from "zod";
import { adminRoute } from "@/lib/admin/server/admin-route";
import { streamLeadExport } from "@/lib/admin/server/lead-export-response";
import { EXPORT_KINDS } from "@/lib/admin/server/lead-exports";
import { leadFilterSchema } from "@/lib/admin/shared/lead-filter";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const dynamic = "force-dynamic";

export const GET = adminRoute({
  schema: leadFilterSchema.extend({ kind: z.enum(EXPORT_KINDS) }),
  source: "query",
  rateLimits: [{ name: "admin-export", limit: 60, windowSeconds: 600 }],
  handle: ({ kind, ...filter }, context) =>
    streamLeadExport(kind, filter, { operatorId: context.operator.id, ip: context.clientIp }),
});

export const { POST, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/leads/export");
