import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { parseStepCondition, type StepCondition } from "@/lib/lifecycle/shared/step-condition";

// The sequences and their steps as the console's e-mail pages show and edit them.

export type ConsoleStep = {
  id: string;
  /** From 0, as stored. */
  position: number;
  delayHours: number;
  condition: StepCondition | null;
  subject: string;
  preheader: string;
  body: string;
};

export type ConsoleSequence = {
  id: string;
  name: string;
  entryEvent: string;
  active: boolean;
  version: number;
  steps: ConsoleStep[];
};

const STEP = {
  id: true,
  position: true,
  delayHours: true,
  condition: true,
  subject: true,
  preheader: true,
  body: true,
} as const;

type StoredStep = Omit<ConsoleStep, "condition"> & { condition: unknown };
const toStep = (step: StoredStep): ConsoleStep => ({ ...step, condition: parseStepCondition(step.condition) });

export async function listSequences(): Promise<ConsoleSequence[]> {
  const rows = await getDb().sequence.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      entryEvent: true,
      active: true,
      version: true,
      steps: { select: STEP, orderBy: { position: "asc" } },
    },
  });
  return rows.map((row) => ({ ...row, steps: row.steps.map(toStep) }));
}

/** A step with its sequence, or null for an id that names none. */
export async function readSequenceStep(
  stepId: string,
): Promise<{ sequence: Omit<ConsoleSequence, "steps"> & { stepCount: number }; step: ConsoleStep } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(stepId)) return null;
  const row = await getDb().sequenceStep.findUnique({
    where: { id: stepId },
    select: {
      ...STEP,
      sequence: {
        select: {
          id: true,
          name: true,
          entryEvent: true,
          active: true,
          version: true,
          _count: { select: { steps: true } },
        },
      },
    },
  });
  if (!row) return null;
  const { sequence, ...step } = row;
  const { _count, ...rest } = sequence;
  return { sequence: { ...rest, stepCount: _count.steps }, step: toStep(step) };
}
