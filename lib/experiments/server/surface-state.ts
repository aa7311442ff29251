import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { toExperimentRecord, type ExperimentRecord } from "@/lib/experiments/server/experiment-record";
import { SURFACE_VARIANTS, type Surface } from "@/lib/experiments/shared/surfaces";

// What decides a surface's variant right now: the running experiment, if any, and the variant the
// latest stopped experiment rolled out (issue 13 §1). Read on every landing render, so it is kept
// in process for CACHE_MS: a start or stop made on one instance reaches the others (and this one,
// when made elsewhere) within that time. The read itself is one query on (surface, stopped_at).

export const SURFACE_STATE_CACHE_MS = 5_000;

export type SurfaceState = {
  running: ExperimentRecord | null;
  /** The latest stopped experiment's rolled_out_variant (null: the configuration decides). */
  rollout: string | null;
};

const cache = new Map<Surface, { at: number; state: Promise<SurfaceState> }>();

async function readSurfaceState(surface: Surface): Promise<SurfaceState> {
  // "running" sorts before "stopped", and stopped_at DESC brings the latest stop next.
  const rows = await getDb().experiment.findMany({
    where: { surface, status: { in: ["running", "stopped"] } },
    orderBy: [{ status: "asc" }, { stoppedAt: { sort: "desc", nulls: "last" } }],
    take: 2,
  });
  const records = rows.map(toExperimentRecord);
  const running = records.find((r) => r.status === "running") ?? null;
  const stopped = records.find((r) => r.status === "stopped") ?? null;
  const rolled = stopped?.rolledOutVariant ?? null;
  // A rollout naming no variant of the surface is ignored rather than rendered as nothing.
  const rollout = rolled && SURFACE_VARIANTS[surface].includes(rolled) ? rolled : null;
  return { running, rollout };
}

export function surfaceState(surface: Surface, now = Date.now()): Promise<SurfaceState> {
  const hit = cache.get(surface);
  if (hit && now - hit.at < SURFACE_STATE_CACHE_MS) return hit.state;
  const state = readSurfaceState(surface);
  cache.set(surface, { at: now, state });
  // A failed read is not kept: the next render asks the database again.
  state.catch(() => {
    if (cache.get(surface)?.state === state) cache.delete(surface);
  });
  return state;
}

/** Drops the cached state, so this instance sees a start or stop it made itself at once. */
export function forgetSurfaceState(): void {
  cache.clear();
}
