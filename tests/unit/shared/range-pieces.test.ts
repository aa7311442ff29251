import { describe, expect, it } from "vitest";
import { rangePieces } from "@/lib/shared/range-pieces";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).getTime();
const show = (pieces: ReturnType<typeof rangePieces>) =>
  pieces.map((p) => `${p.source} ${p.from.toISOString()}–${p.to.toISOString()}`);

describe("range pieces", () => {
  it("sums covered whole days from the rollup and counts partial days and uncovered days live", () => {
    const covered = new Set([day("2031-03-02"), day("2031-03-03"), day("2031-03-05")]);
    const pieces = rangePieces(new Date("2031-03-01T12:00:00Z"), new Date("2031-03-06T06:00:00Z"), covered);
    expect(show(pieces)).toEqual([
      "live 2031-03-01T12:00:00.000Z–2031-03-02T00:00:00.000Z",
      "rollup 2031-03-02T00:00:00.000Z–2031-03-04T00:00:00.000Z",
      "live 2031-03-04T00:00:00.000Z–2031-03-05T00:00:00.000Z",
      "rollup 2031-03-05T00:00:00.000Z–2031-03-06T00:00:00.000Z",
      "live 2031-03-06T00:00:00.000Z–2031-03-06T06:00:00.000Z",
    ]);
  });

  it("counts a range within one day live, and nothing for an empty range", () => {
    const covered = new Set([day("2031-03-01")]);
    expect(show(rangePieces(new Date("2031-03-01T01:00:00Z"), new Date("2031-03-01T02:00:00Z"), covered))).toEqual([
      "live 2031-03-01T01:00:00.000Z–2031-03-01T02:00:00.000Z",
    ]);
    expect(rangePieces(new Date("2031-03-01T00:00:00Z"), new Date("2031-03-01T00:00:00Z"), covered)).toEqual([]);
    expect(show(rangePieces(new Date(day("2031-03-01")), new Date(day("2031-03-02")), covered))).toEqual([
      "rollup 2031-03-01T00:00:00.000Z–2031-03-02T00:00:00.000Z",
    ]);
  });
});
