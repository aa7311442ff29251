import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { OperatorRole } from "@/lib/operators/shared/permissions";

export type OperatorRow = {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  passkeys: number;
  hasPassword: boolean;
  role: OperatorRole;
};

export async function listOperators(): Promise<OperatorRow[]> {
  const rows = await getDb().operatorUser.findMany({
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      createdAt: true,
      lastSignInAt: true,
      role: true,
      _count: { select: { passkeys: true } },
      accounts: { where: { providerId: "credential", password: { not: null } }, select: { id: true } },
    },
  });
  return rows.map(({ _count, accounts, ...row }) => ({
    ...row,
    passkeys: _count.passkeys,
    hasPassword: accounts.length > 0,
  }));
}
