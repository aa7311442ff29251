import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { OPERATOR_SESSION_ABSOLUTE_SECONDS } from "@/lib/operators/shared/auth-rules";

// better-auth slides a session's end on every refresh with no ceiling; this is the ceiling.

/** After a refresh: the session ends no later than its sign-in plus the absolute limit. */
export async function capSessionLifetime(sessionId: string): Promise<void> {
  await getDb().$executeRaw`
    UPDATE operator_sessions
       SET expires_at = created_at + make_interval(secs => ${OPERATOR_SESSION_ABSOLUTE_SECONDS})
     WHERE id = ${sessionId}
       AND expires_at > created_at + make_interval(secs => ${OPERATOR_SESSION_ABSOLUTE_SECONDS})`;
}
