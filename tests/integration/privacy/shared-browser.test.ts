import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { personScope } from "@/lib/privacy/server/person-scope";

// Two people on one computer: the browser cookie is shared, the people are not. A privacy request
// reaches the requester's visits from that browser before they opted in, never the other person's
// sessions (whose answers and phone consents would otherwise be exported to, or erased for, them).

async function prospect(tag: string) {
  const email = `shared-${tag}-${randomUUID()}@example.com`;
  return getDb().prospect.create({ data: { email, name: `Shared ${tag}`, firstName: "Shared", lastName: tag } });
}

describe("privacy scope on a shared browser", () => {
  it("takes the requester's and the anonymous sessions of their browser, not another person's", async () => {
    const browserId = randomUUID();
    const [alice, bob] = [await prospect("alice"), await prospect("bob")];
    const session = (prospectId: string | null) =>
      getDb().funnelSession.create({ data: { id: randomUUID(), browserId, prospectId } });
    const [aliceVisit, anonymousVisit, bobVisit] = [
      await session(alice.id),
      await session(null),
      await session(bob.id),
    ];

    const scope = await personScope(getDb(), alice.email);
    expect(scope.sessionIds.sort()).toEqual([aliceVisit.id, anonymousVisit.id].sort());
    expect(scope.sessionIds).not.toContain(bobVisit.id);
    expect((await personScope(getDb(), bob.email)).sessionIds).not.toContain(aliceVisit.id);
  });
});
