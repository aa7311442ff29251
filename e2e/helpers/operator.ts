import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { databaseUrl } from "./funnel";

// `npm run operator:create` against the test server's database and secrets, as an operator would
// run it on the server; returns the one-time setup link it prints.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ROOT = path.resolve(import.meta.dirname, "../..");

export function createOperator(email: string): string {
  const dataDir = path.join(ROOT, `.test-data/e2e-${PORT}`);
  const output = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/operator-create.ts"), "--email", email],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(PORT),
        SESSION_SECRET: readFileSync(path.join(dataDir, "session-secret"), "utf8").trim(),
        SITE_URL: `http://localhost:${PORT}`,
      },
    },
  );
  const link = /^http\S+\/admin\/setup\?token=\S+$/m.exec(output)?.[0];
  if (!link) throw new Error("operator:create printed no setup link");
  return link;
}
