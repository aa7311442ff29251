// POST /api/admin/catalog/prices — publish the next price version of a product (owners); audited.
import { publishPriceRoute } from "@/lib/console/server/catalog-routes";

export const POST = publishPriceRoute;
