// PostgreSQL cannot store U+0000, and jsonb refuses unpaired surrogates: refused at the body layer
// rather than surfacing as a 500. The walk is iterative: a few KB of "[" would overflow any
// recursive walker's stack.

export const MAX_JSON_DEPTH = 32;

export type BodyProblem = { kind: "too_deep" } | { kind: "unstorable_text"; path: string };

export function jsonBodyProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): BodyProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, path, depth } = item;
    if (typeof current === "string") {
      if (!isStorableText(current)) return { kind: "unstorable_text", path: path || "(body)" };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= maxDepth) return { kind: "too_deep" };
    // Reverse, so the first offending entry in document order is reported.
    const entries: (readonly [string, unknown])[] = Array.isArray(current)
      ? (current as unknown[]).map((child, i) => [`${path}[${i}]`, child] as const)
      : Object.entries(current as Record<string, unknown>).map(
          ([key, child]) => [path ? `${path}.${key}` : key, child] as const,
        );
    for (let i = entries.length - 1; i >= 0; i--) {
      const [at, child] = entries[i]!;
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
    if (!Array.isArray(current)) {
      const badKey = Object.keys(current).find((key) => !isStorableText(key));
      if (badKey !== undefined) return { kind: "unstorable_text", path: path ? `${path}.${badKey}` : badKey };
    }
  }
  return null;
}

export function unstorableTextPath(value: unknown): string | null {
  const problem = jsonBodyProblem(value, Number.POSITIVE_INFINITY);
  return problem?.kind === "unstorable_text" ? problem.path : null;
}

export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}
