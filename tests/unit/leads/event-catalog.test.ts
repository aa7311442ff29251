import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FUNNEL_ACTIONS, FUNNEL_EVENTS, isFunnelAction, stepOf } from "@/lib/leads/shared/event-catalog";
import { EVENT_DATA_SCHEMAS, schemaFields } from "@/lib/leads/server/event-data";

// Operators' SQL reads the README's table of funnel events: it must say exactly what the catalog
// says (action, step, when, every data field).

const README = readFileSync(path.resolve(import.meta.dirname, "../../../README.md"), "utf8");

/** The rows of the first Markdown table under a heading, as trimmed cells, header excluded. */
function tableUnder(heading: string): string[][] {
  const start = README.indexOf(`\n${heading}\n`);
  expect(start, `README has "${heading}"`).toBeGreaterThan(-1);
  const lines = README.slice(start).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

function readmeRow(action: keyof typeof FUNNEL_EVENTS): string[] {
  const entry = FUNNEL_EVENTS[action];
  const fields = Object.entries(entry.data).map(([name, meaning]) => `\`${name}\`: ${meaning}`);
  return [`\`${action}\``, String(entry.step), entry.when, fields.join("; ")];
}

describe("the funnel event catalog", () => {
  it("declares exactly the data fields the server accepts for each action", () => {
    for (const action of FUNNEL_ACTIONS) {
      expect(schemaFields(action).sort(), action).toEqual(Object.keys(FUNNEL_EVENTS[action].data).sort());
    }
  });

  it("refuses unknown keys and wrong types in data on the server", () => {
    expect(EVENT_DATA_SCHEMAS.button_click.safeParse({ source: "hero" }).success).toBe(true);
    expect(EVENT_DATA_SCHEMAS.button_click.safeParse({ source: "hero", extra: 1 }).success).toBe(false);
    expect(EVENT_DATA_SCHEMAS.qualification_result.safeParse({ qualified: "yes" }).success).toBe(false);
    expect(EVENT_DATA_SCHEMAS.checkout_click.safeParse({ target: "/checkout", button: "offer" }).success).toBe(true);
    expect(
      EVENT_DATA_SCHEMAS.checkout_click.safeParse({ productId: "p", quantity: 2, transactionId: "t" }).success,
    ).toBe(true);
    // The two shapes do not mix.
    expect(EVENT_DATA_SCHEMAS.checkout_click.safeParse({ target: "/checkout", productId: "p" }).success).toBe(false);
  });

  it("is the README's table of funnel events, row for row", () => {
    expect(tableUnder("### Funnel events")).toEqual(FUNNEL_ACTIONS.map(readmeRow));
  });

  it("covers the product's steps 1–7, each action once", () => {
    expect(new Set(FUNNEL_ACTIONS.map(stepOf))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(stepOf("page_load")).toBe(1);
    expect(stepOf("payment_complete")).toBe(7);
  });

  it("knows only its own actions, not Object.prototype's", () => {
    expect(isFunnelAction("checkout_click")).toBe(true);
    expect(isFunnelAction("constructor")).toBe(false);
    expect(isFunnelAction("video_play")).toBe(false);
  });
});
