import { describe, expect, it } from "vitest";
import { POST as createPost } from "@/app/api/admin/experiments/route";
import { POST as startPost } from "@/app/api/admin/experiments/start/route";
import { POST as stopPost } from "@/app/api/admin/experiments/stop/route";
import { POST as updatePost } from "@/app/api/admin/experiments/update/route";
import { POST as deletePost } from "@/app/api/admin/experiments/delete/route";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";
import { errorOf } from "@/tests/support/http";

// In the console: create a draft, start it (one running experiment per surface, kept
// by the database even when two starts race), stop it rolling a variant out; each change audited.

const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const OFFER = {
  surface: "offer",
  variants: [
    { key: "team", weight: 1 },
    { key: "countdown", weight: 1 },
  ],
  primaryMetric: "paid",
};

async function create(cookie: string, body: Record<string, unknown>) {
  return createPost(adminRequest("/api/admin/experiments", { body, cookie }));
}

async function created(cookie: string, key: string): Promise<string> {
  const answer = await create(cookie, { key, ...OFFER });
  expect(answer.status).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  return id;
}

const start = (cookie: string, id: string) =>
  startPost(adminRequest("/api/admin/experiments/start", { body: { id }, cookie }));
const stop = (cookie: string, id: string, rollout: string) =>
  stopPost(adminRequest("/api/admin/experiments/stop", { body: { id, rollout }, cookie }));
const update = (cookie: string, body: Record<string, unknown>) =>
  updatePost(adminRequest("/api/admin/experiments/update", { body, cookie }));
const remove = (cookie: string, id: string) =>
  deletePost(adminRequest("/api/admin/experiments/delete", { body: { id }, cookie }));

const WITH_ADD_TO_ORDER = [
  { key: "countdown", weight: 1 },
  { key: "add-to-order", weight: 1 },
];

describe("experiments in the console", () => {
  it("creates a draft, starts it, refuses a second on the surface, stops it with a roll-out; all audited", async () => {
    const operator = await signedInOperator();
    const key = uniqueKey("offer-team-vs-countdown");
    const id = await created(operator.cookie, key);
    const draft = await getDb().experiment.findUniqueOrThrow({ where: { id } });
    expect(draft).toMatchObject({ key, surface: "offer", status: "draft", primaryMetric: "paid", startedAt: null });
    expect(draft.variants).toEqual(OFFER.variants);
    expect(draft.createdBy).toBe(operator.operatorId);

    const other = await created(operator.cookie, uniqueKey("offer-other"));
    const started = await start(operator.cookie, id);
    expect(started.status).toBe(200);
    try {
      expect(await getDb().experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "running" });
      const busy = await start(operator.cookie, other);
      expect(busy.status).toBe(409);
      const error = await errorOf(busy);
      expect(error.code).toBe("experiment_surface_busy");
      expect(error.message).toContain(key);
      expect((await start(operator.cookie, id)).status).toBe(409);

      const foreign = await stop(operator.cookie, id, "add-to-order");
      expect(foreign.status).toBe(400);
      expect((await errorOf(foreign)).code).toBe("experiment_variant_unknown");
    } finally {
      // Not the control: the roll-out is the operator's choice, not a default.
      const stopped = await stop(operator.cookie, id, "countdown");
      expect(stopped.status).toBe(200);
    }
    const row = await getDb().experiment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "stopped", rolledOutVariant: "countdown" });
    expect(row.stoppedAt).not.toBeNull();
    expect((await stop(operator.cookie, id, "team")).status).toBe(409);
    expect((await start(operator.cookie, id)).status).toBe(409);

    const audit = await getDb().auditLog.findMany({ where: { targetId: id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["experiment.create", "experiment.start", "experiment.stop"]);
    expect(audit.every((a) => a.operatorId === operator.operatorId && a.ip)).toBe(true);
    expect(audit[2]?.details).toMatchObject({ key, rollout: "countdown" });
    // The draft that never ran can be started now that the surface is free.
    expect((await start(operator.cookie, other)).status).toBe(200);
    expect((await stop(operator.cookie, other, "countdown")).status).toBe(200);
  });

  it("two starts on one surface at once: exactly one runs, the others get the same 409", async () => {
    const operator = await signedInOperator();
    const ids = await Promise.all([
      created(operator.cookie, uniqueKey("race-a")),
      created(operator.cookie, uniqueKey("race-b")),
      created(operator.cookie, uniqueKey("race-c")),
    ]);
    const answers = await Promise.all(ids.map((id) => start(operator.cookie, id)));
    const winners = ids.filter((_, i) => answers[i]?.status === 200);
    try {
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect((await errorOf(answer)).code).toBe("experiment_surface_busy");
      }
      const running = await getDb().experiment.findMany({ where: { id: { in: ids }, status: "running" } });
      expect(running.map((r) => r.id)).toEqual(winners);
    } finally {
      for (const id of winners) await stop(operator.cookie, id, "countdown");
    }
    const audited = await getDb().auditLog.count({ where: { action: "experiment.start", targetId: { in: ids } } });
    expect(audited).toBe(1);
  });

  it("refuses bad drafts with a 400 and a duplicate key with a 409, writing nothing", async () => {
    const operator = await signedInOperator();
    const key = uniqueKey("offer-test");
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ key: "Not A Slug", ...OFFER }, /key/i],
      [{ key, ...OFFER, surface: "pricing" }, /surface/],
      [{ key, ...OFFER, variants: [{ key: "team", weight: 1 }] }, /at least two/],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 1 },
            { key: "team", weight: 2 },
          ],
        },
        /once/,
      ],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 1 },
            { key: "paid", weight: 1 },
          ],
        },
        /paid/,
      ],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 0 },
            { key: "countdown", weight: 1 },
          ],
        },
        /weight/,
      ],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 1.5 },
            { key: "countdown", weight: 1 },
          ],
        },
        /weight/,
      ],
      [{ key, ...OFFER, primaryMetric: "opt_in" }, /metric/],
      [{ key, ...OFFER, extra: true }, /extra|unrecognized/i],
    ];
    for (const [body, message] of bad) {
      const answer = await create(operator.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(answer)).message).toMatch(message);
    }
    expect(await getDb().experiment.count({ where: { key } })).toBe(0);

    await created(operator.cookie, key);
    const again = await create(operator.cookie, { key, ...OFFER });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("experiment_key_taken");
    expect(
      await getDb().auditLog.count({ where: { action: "experiment.create", details: { path: ["key"], equals: key } } }),
    ).toBe(1);

    const unknown = await start(operator.cookie, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(
      (await startPost(adminRequest("/api/admin/experiments/start", { body: { id: "x" }, cookie: operator.cookie })))
        .status,
    ).toBe(400);
    expect((await createPost(adminRequest("/api/admin/experiments", { body: { key, ...OFFER } }))).status).toBe(401);
  });

  it("refuses a test whose variants do not fit the page's visitors: on create, edit and start", async () => {
    const operator = await signedInOperator();
    const key = uniqueKey("offer-add-to-order");
    const refused = await create(operator.cookie, { key, ...OFFER, variants: WITH_ADD_TO_ORDER });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error.code).toBe("experiment_audience_mismatch");
    expect(error.message).toBe(
      "“add-to-order” is shown only to $7 book buyers, but the visitors of this page are free-book readers. Leave it out of this test.",
    );
    expect(await getDb().experiment.count({ where: { key } })).toBe(0);

    const id = await created(operator.cookie, key);
    const edit = await update(operator.cookie, { id, key, ...OFFER, variants: WITH_ADD_TO_ORDER });
    expect(edit.status).toBe(400);
    expect((await errorOf(edit)).code).toBe("experiment_audience_mismatch");
    expect((await getDb().experiment.findUniqueOrThrow({ where: { id } })).variants).toEqual(OFFER.variants);

    // A draft saved before the rule existed cannot start either.
    await getDb().experiment.update({ where: { id }, data: { variants: WITH_ADD_TO_ORDER } });
    const started = await start(operator.cookie, id);
    expect(started.status).toBe(400);
    expect((await errorOf(started)).code).toBe("experiment_audience_mismatch");
    expect((await getDb().experiment.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
    expect(await getDb().auditLog.count({ where: { targetId: id, action: "experiment.start" } })).toBe(0);
  });

  it("edits and deletes drafts only, each audited; a started test is neither edited nor deleted", async () => {
    const operator = await signedInOperator();
    const key = uniqueKey("offer-draft");
    const id = await created(operator.cookie, key);
    const renamed = uniqueKey("offer-draft-renamed");
    const edited = await update(operator.cookie, {
      id,
      key: renamed,
      surface: "landing",
      variants: [
        { key: "free", weight: 3 },
        { key: "paid", weight: 1 },
      ],
      primaryMetric: "opt_in",
    });
    expect(edited.status).toBe(200);
    expect(await getDb().experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({
      key: renamed,
      surface: "landing",
      primaryMetric: "opt_in",
      status: "draft",
      variants: [
        { key: "free", weight: 3 },
        { key: "paid", weight: 1 },
      ],
    });
    const taken = uniqueKey("offer-taken");
    await created(operator.cookie, taken);
    const clash = await update(operator.cookie, { id, key: taken, ...OFFER });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).code).toBe("experiment_key_taken");
    const unknown = await update(operator.cookie, {
      id: "00000000-0000-4000-8000-000000000000",
      key: renamed,
      ...OFFER,
    });
    expect(unknown.status).toBe(404);

    // Started, it is history: no edit, no delete.
    const running = await created(operator.cookie, uniqueKey("offer-running"));
    expect((await start(operator.cookie, running)).status).toBe(200);
    try {
      const late = await update(operator.cookie, { id: running, key: uniqueKey("late"), ...OFFER });
      expect(late.status).toBe(409);
      expect((await errorOf(late)).code).toBe("experiment_not_draft");
      const gone = await remove(operator.cookie, running);
      expect(gone.status).toBe(409);
      expect((await errorOf(gone)).code).toBe("experiment_not_draft");
    } finally {
      await stop(operator.cookie, running, "countdown");
    }
    expect(await getDb().experiment.count({ where: { id: running } })).toBe(1);

    const deleted = await remove(operator.cookie, id);
    expect(deleted.status).toBe(200);
    expect(await getDb().experiment.count({ where: { id } })).toBe(0);
    expect((await remove(operator.cookie, id)).status).toBe(404);
    const audit = await getDb().auditLog.findMany({ where: { targetId: id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["experiment.create", "experiment.update", "experiment.delete"]);
    expect(audit.every((a) => a.operatorId === operator.operatorId)).toBe(true);
    expect(audit[2]?.details).toMatchObject({ key: renamed, surface: "landing" });
  });
});
