import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "@/lib/platform/server/config";

// Every variable lib/platform/server/config.ts reads is documented for operators in both places.
const root = path.resolve(import.meta.dirname, "../../../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const envExample = readFileSync(path.join(root, ".env.example"), "utf8");
const documented = CONFIG_VARIABLES.filter((name) => name !== "NODE_ENV");

describe("configuration documentation", () => {
  it.each(documented)("%s is in the README's configuration table and in .env.example", (name) => {
    expect(readme).toMatch(new RegExp(`^\\|[^\\n]*\`${name}\``, "m"));
    expect(envExample).toMatch(new RegExp(`^${name}=`, "m"));
  });
});
