"use client";

import { useRouter } from "next/navigation";
import { post } from "@/lib/platform/client/client-post";
import { OPERATOR_ROLES, ROLE_LABELS, type OperatorRole } from "@/lib/operators/shared/permissions";
import { usePendingAction } from "./use-pending-action";

const isChanged = (body: unknown): body is { role: string } =>
  typeof body === "object" && body !== null && "role" in body && typeof body.role === "string";

export function OperatorRoleSelect({
  operatorId,
  email,
  role,
}: {
  operatorId: string;
  email: string;
  role: OperatorRole;
}) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();

  async function change(next: string) {
    await run(async () => {
      await post("/api/admin/operators/role", { operatorId, role: next }, isChanged, "Changing the role did not work.");
      router.refresh();
    }, "Changing the role did not work.");
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <select
        aria-label={`Role of ${email}`}
        defaultValue={role}
        disabled={pending}
        onChange={(event) => void change(event.target.value)}
        className="rounded border border-slate-300 px-2 py-1 text-sm"
      >
        {OPERATOR_ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
