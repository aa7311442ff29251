import "server-only";
import { z } from "zod";
import type { OperatorRouteContext } from "@/lib/operators/server/operator-route";
import { inviteOperator, sendFreshLink } from "@/lib/operators/server/invite-operator";
import { removeOperator } from "@/lib/operators/server/remove-operator";
import { changeOperatorRole } from "@/lib/operators/server/change-operator-role";
import { OPERATOR_ROLES } from "@/lib/operators/shared/permissions";
import { operatorNameSchema } from "@/lib/operators/shared/operator-name";
import type { RateRule } from "@/lib/platform/server/security/rate-limit";

export const OPERATOR_ADMIN_RULE: RateRule = { name: "admin-operators", limit: 30, windowSeconds: 600 };

export const inviteSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ message: "Please enter a valid e-mail address." })),
    name: operatorNameSchema,
    // Least access unless the owner picks more.
    role: z.enum(OPERATOR_ROLES).default("read_only"),
  })
  .strict();

export const setupLinkSchema = z.object({ operatorId: z.string().min(1).max(64) }).strict();

export const roleSchema = z.strictObject({ operatorId: z.string().min(1).max(64), role: z.enum(OPERATOR_ROLES) });

const actorOf = (context: OperatorRouteContext) => ({ operator: context.operator, ip: context.clientIp });

export async function handleInvite(
  input: z.infer<typeof inviteSchema>,
  context: OperatorRouteContext,
): Promise<Response> {
  const { operatorId, expiresAt } = await inviteOperator(input, actorOf(context));
  return Response.json({ operatorId, expiresAt: expiresAt.toISOString() }, { status: 201 });
}

export async function handleSetupLink(
  input: z.infer<typeof setupLinkSchema>,
  context: OperatorRouteContext,
): Promise<Response> {
  const { expiresAt } = await sendFreshLink(input.operatorId, actorOf(context));
  return Response.json({ expiresAt: expiresAt.toISOString() });
}

export async function handleRemove(
  input: z.infer<typeof setupLinkSchema>,
  context: OperatorRouteContext,
): Promise<Response> {
  await removeOperator(input.operatorId, actorOf(context));
  return Response.json({ removed: true });
}

export async function handleRoleChange(
  input: z.infer<typeof roleSchema>,
  context: OperatorRouteContext,
): Promise<Response> {
  return Response.json(await changeOperatorRole(input.operatorId, input.role, actorOf(context)));
}
