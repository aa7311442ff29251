// node scripts/test/check-native-modules.mjs: an addon built for another ABI fails here with its own
// error instead of inside the build. Plain .mjs so it runs before anything is compiled.
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

function addons(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return addons(full);
    return entry.isFile() && entry.name.endsWith(".node") ? [full] : [];
  });
}

let failed = 0;
const found = addons(path.join(root, "node_modules"));
for (const file of found) {
  const name = path.relative(root, file);
  try {
    process.dlopen({ exports: {} }, file);
    console.log(`ok   ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(
  `${found.length - failed} of ${found.length} native addons load on Node ${process.version} (ABI ${process.versions.modules})`,
);
if (found.length === 0 || failed > 0) process.exit(1);
