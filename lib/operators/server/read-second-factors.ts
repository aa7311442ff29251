import "server-only";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { getDb } from "@/lib/platform/server/db";

export type SecondFactors = {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string | null; createdAt: Date | null }[];
};

/** What the security page shows: the app, how many recovery codes are unused, the passkeys. */
export async function readSecondFactors(operatorId: string): Promise<SecondFactors> {
  const [user, passkeys] = await Promise.all([
    getDb().operatorUser.findUnique({ where: { id: operatorId }, select: { twoFactorEnabled: true } }),
    getDb().operatorPasskey.findMany({
      where: { userId: operatorId },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, createdAt: true },
    }),
  ]);
  const totp = user?.twoFactorEnabled === true;
  // The codes are stored encrypted; only the server-side endpoint can read them.
  const codes = totp
    ? await getOperatorAuth()
        .api.viewBackupCodes({ body: { userId: operatorId } })
        .catch(() => null)
    : null;
  return { totp, recoveryCodesLeft: codes?.backupCodes.length ?? 0, passkeys };
}
