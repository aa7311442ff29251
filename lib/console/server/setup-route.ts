import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/platform/shared/api-error";
import type { RouteContext } from "@/lib/platform/server/http/json-route";
import { completeSetup, PasswordRefusedError, SetupLinkInvalidError } from "@/lib/operators/server/set-up-operator";
import { OPERATOR_PASSWORD_MIN } from "@/lib/operators/shared/auth-rules";

export const setupSchema = z.strictObject({
  token: z.string().min(16).max(200),
  password: z
    .string()
    .min(OPERATOR_PASSWORD_MIN, { message: `The password must be at least ${OPERATOR_PASSWORD_MIN} characters.` })
    .max(128, { message: "The password must be at most 128 characters." }),
});

export async function handleSetup(input: z.infer<typeof setupSchema>, context: RouteContext): Promise<Response> {
  try {
    const { email } = await completeSetup(input.token, input.password, context.clientIp);
    return Response.json({ success: true, email }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof SetupLinkInvalidError) throw new ApiError("setup_link_invalid");
    if (error instanceof PasswordRefusedError) throw new ApiError("invalid_request", error.message);
    throw error;
  }
}
