"use client";

import { useRouter } from "next/navigation";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { RowAction } from "./console-form-parts";
import { usePendingAction } from "./use-pending-action";

const resultSchema = z.object({ couponId: z.string(), active: z.literal(false) });

export function DeactivateCouponButton({ couponId, code }: { couponId: string; code: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const deactivate = () =>
    run(async () => {
      await post("/api/admin/catalog/coupons/deactivate", { couponId }, resultSchema, "Could not deactivate.");
      router.refresh();
    }, "Could not deactivate.");
  return (
    <RowAction
      pending={pending}
      label="Deactivate"
      pendingLabel="Deactivating…"
      aria-label={`Deactivate ${code}`}
      className="rounded border border-slate-300 px-2 py-1"
      onClick={() => void deactivate()}
      note={error}
      noteRole="alert"
    />
  );
}
