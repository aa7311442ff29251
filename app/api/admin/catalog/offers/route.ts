// POST /api/admin/catalog/offers — publish the next version of a product's post-purchase offer (owners); audited.
import { publishOfferRoute } from "@/lib/console/server/catalog-routes";

export const POST = publishOfferRoute;
