import { describe, expect, it } from "vitest";
import { POST as invitePost } from "@/app/api/admin/operators/route";
import { POST as removePost } from "@/app/api/admin/operators/remove/route";
import { POST as rolePost } from "@/app/api/admin/operators/role/route";
import { createOperator } from "@/lib/operators/server/set-up-operator";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";

// Who owns the console: operator:create makes owners, an invitation carries the role the owner
// picked, only owners change roles or remove, nobody changes their own role, and two owners acting
// on each other at once still leave one owner.

const uniq = () => `role-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const roleOf = async (id: string) => (await getDb().operatorUser.findUniqueOrThrow({ where: { id } })).role;
const changeRole = (by: SignedInOperator, operatorId: string, role: string) =>
  rolePost(adminRequest("/api/admin/operators/role", { body: { operatorId, role }, cookie: by.cookie }));
const remove = (by: SignedInOperator, operatorId: string) =>
  removePost(adminRequest("/api/admin/operators/remove", { body: { operatorId }, cookie: by.cookie }));
const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe("operator roles", () => {
  it("operator:create makes an owner; an invitation stores the chosen role, read-only when none is given", async () => {
    const { operatorId } = await createOperator({ email: uniq() });
    expect(await roleOf(operatorId)).toBe("owner");

    const owner = await signedInOperator();
    const invite = async (body: object) => {
      const response = await invitePost(adminRequest("/api/admin/operators", { body, cookie: owner.cookie }));
      expect(response.status).toBe(201);
      return ((await response.json()) as { operatorId: string }).operatorId;
    };
    expect(await roleOf(await invite({ email: uniq(), name: "Op", role: "operator" }))).toBe("operator");
    expect(await roleOf(await invite({ email: uniq(), name: "Reader" }))).toBe("read_only");
    const audit = await getDb().auditLog.findFirstOrThrow({
      where: {
        action: "operator.invite",
        operatorId: owner.operatorId,
        details: { path: ["role"], equals: "operator" },
      },
    });
    expect(audit.targetType).toBe("operator");
  });

  it("an owner changes another's role, audited, and it counts on the next request", async () => {
    const owner = await signedInOperator();
    const reader = await signedInOperator({ role: "read_only" });
    const tryInvite = () =>
      invitePost(adminRequest("/api/admin/operators", { body: { email: uniq(), name: "X" }, cookie: reader.cookie }));
    expect(await codeOf(await tryInvite())).toBe("forbidden");

    const changed = await changeRole(owner, reader.operatorId, "owner");
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ role: "owner" });
    expect((await tryInvite()).status).toBe(201);
    const audit = await getDb().auditLog.findFirstOrThrow({
      where: { action: "operator.role_change", targetId: reader.operatorId },
    });
    expect(audit).toMatchObject({ operatorId: owner.operatorId, details: { from: "read_only", to: "owner" } });
  });

  it("nobody changes their own role; a non-owner changes nobody's", async () => {
    const owner = await signedInOperator();
    const self = await changeRole(owner, owner.operatorId, "read_only");
    expect(self.status).toBe(409);
    expect(await roleOf(owner.operatorId)).toBe("owner");

    const operator = await signedInOperator({ role: "operator" });
    const promote = await changeRole(operator, operator.operatorId, "owner");
    expect(promote.status).toBe(403);
    expect(await codeOf(promote)).toBe("forbidden");
    expect(await roleOf(operator.operatorId)).toBe("operator");
    expect((await remove(operator, owner.operatorId)).status).toBe(403);
  });

  it("two owners demoting or removing each other at once leave exactly one owner", async () => {
    for (const act of ["demote", "remove"] as const) {
      // Alone among owners, so the race is the only thing between them and an ownerless console.
      await getDb().operatorUser.updateMany({ where: { role: "owner" }, data: { role: "operator" } });
      const [a, b] = [await signedInOperator(), await signedInOperator()];
      const hit = (by: SignedInOperator, target: SignedInOperator) =>
        act === "demote" ? changeRole(by, target.operatorId, "read_only") : remove(by, target.operatorId);
      const answers = await Promise.all([hit(a, b), hit(b, a)]);
      // The loser waited on the lock (403, no longer an owner) or came after its own removal (401).
      const [won, lost] = answers.map((answer) => answer.status).sort();
      expect(won, act).toBe(200);
      expect([401, 403], act).toContain(lost);
      expect(await getDb().operatorUser.count({ where: { role: "owner" } }), act).toBe(1);
    }
  });
});
