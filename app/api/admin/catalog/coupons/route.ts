// POST /api/admin/catalog/coupons — create a coupon (owners, fresh sign-in); audited.
import { createCouponRoute } from "@/lib/console/server/coupon-routes";

export const POST = createCouponRoute;
