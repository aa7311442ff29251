// The production entry point: `npm run build` copies it into .next/standalone, whose server.js
// imports it, so `npm start` and an operator's `node server.js` run the same front and Next.js.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveFunnel } from "./next-server.mjs";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.env.NODE_ENV = "production";
process.chdir(dir);
// The configuration as built, as Next.js's own standalone server.js passes it.
const { config } = JSON.parse(readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
await serveFunnel({
  dev: false,
  dir,
  conf: config,
  hostname: process.env.HOSTNAME || "0.0.0.0",
  port: Number.parseInt(process.env.PORT ?? "", 10) || 3000,
});
