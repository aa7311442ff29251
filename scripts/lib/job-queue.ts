// Safe to run again; pg-boss takes an advisory lock, so machines starting together do not race.
import PgBoss from "pg-boss";
import { DEAD_LETTER_QUEUE, JOB_SCHEMA, QUEUE_SETTINGS, SCHEDULES } from "../../lib/platform/shared/queues";

type Settings = Omit<PgBoss.Queue, "name">;

export async function installJobQueue(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: JOB_SCHEMA, supervise: false, schedule: false, max: 2 });
  const failures: Error[] = [];
  boss.on("error", (error) => failures.push(error));
  await boss.start();
  try {
    await ensureQueue(boss, DEAD_LETTER_QUEUE, { policy: "standard", retentionDays: 30 });
    for (const [name, settings] of Object.entries(QUEUE_SETTINGS)) await ensureQueue(boss, name, settings);
    const wanted = new Set<string>(SCHEDULES.map((s) => s.queue));
    for (const { queue, cron } of SCHEDULES) await boss.schedule(queue, cron, {}, { tz: "UTC" });
    for (const schedule of await boss.getSchedules())
      if (!wanted.has(schedule.name)) await boss.unschedule(schedule.name);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
  const [failure] = failures;
  if (failure) throw failure;
}

async function ensureQueue(boss: PgBoss, name: string, settings: Settings): Promise<void> {
  if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...settings });
  else await boss.createQueue(name, { name, ...settings });
}
