// POST /api/admin/catalog/coupons/deactivate — stop a coupon being accepted (owners); audited.
import { deactivateCouponRoute } from "@/lib/console/server/coupon-routes";

export const POST = deactivateCouponRoute;
