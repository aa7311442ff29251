// POST /api/admin/catalog/bumps — add an order bump to a product, or publish its next version (owners); audited.
import { publishBumpRoute } from "@/lib/console/server/catalog-routes";

export const POST = publishBumpRoute;
