import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";
import ROUTE_METHODS from "./scripts/lib/route-methods.json" with { type: "json" };

// lib/ layout (docs/architecture.md). Layers, lowest first: a module imports its own layer or a
// lower one, never a higher one, so capabilities cannot import each other both ways and nothing
// in lib/ reaches up into app/ or components/. Console and worker are leaves nothing imports.
const LAYERS = [
  ["shared"],
  ["emails"],
  ["platform"],
  ["operators"],
  ["experiments"],
  ["leads"],
  ["booking"],
  ["payments"],
  ["offers"],
  ["billing"],
  ["lifecycle"],
  ["privacy"],
  ["site"],
  ["console", "worker"],
];
const RANK = new Map(LAYERS.flatMap((names, rank) => names.map((name) => [name, rank])));
// Where code runs is the second folder (lib/<layer>/{server,client,shared}/): client and shared
// code never imports server code or "server-only"; shared never imports client; server never
// imports client. Type-only imports are erased, so they may cross tiers.
const TIER_OF_LAYER = { shared: "shared", emails: "server" };
const FORBIDDEN_TIERS = { client: ["server"], shared: ["server", "client"], server: ["client"] };

function libPlace(file) {
  const parts = file.split("/");
  if (parts[0] !== "lib" || parts.length < 3 || parts[1] === "generated") return null;
  const tier = TIER_OF_LAYER[parts[1]] ?? parts[2];
  return { layer: parts[1], tier };
}

const dependencyDirection = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      up: "{{from}} is below {{to}}: move the code down, or pass it in from above (docs/architecture.md).",
      ui: "lib/ never imports app/ or components/: move the type or code into lib/.",
      tier: "{{tier}} code cannot import {{target}} at run time: import a shared/ module, or move the code.",
      serverOnly: 'Only server code imports "server-only".',
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    const here = libPlace(file);
    if (!here) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string") return;
      const typeOnly =
        node.importKind === "type" ||
        node.exportKind === "type" ||
        (node.specifiers?.length > 0 &&
          node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
      if (source === "server-only") {
        if (here.tier !== "server") context.report({ node, messageId: "serverOnly" });
        return;
      }
      const target = source.startsWith("@/")
        ? source.slice(2)
        : source.startsWith(".")
          ? path.posix.join(path.posix.dirname(file), source)
          : null;
      if (target === null) return;
      if (/^(app|components)\//.test(target)) return context.report({ node, messageId: "ui" });
      const there = libPlace(target);
      if (!there) return;
      if (there.layer !== here.layer) {
        const [a, b] = [RANK.get(here.layer), RANK.get(there.layer)];
        if (a === undefined || b === undefined || b >= a)
          context.report({ node, messageId: "up", data: { from: here.layer, to: there.layer } });
      }
      if (!typeOnly && FORBIDDEN_TIERS[here.tier]?.includes(there.tier))
        context.report({ node, messageId: "tier", data: { tier: here.tier, target } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const SERVER_PATH = /^(@\/lib\/[^/]+\/|(\.{1,2}\/)+([^/]+\/)?)server(\/|$)/;

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
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"))
        return;
      if (source === "server-only" || SERVER_PATH.test(source))
        context.report({ node, messageId: "server", data: { source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// route-methods.json is what the HTTP front (scripts/lib/front-methods.mjs) knows of each API
// route, and it answers every other method: a route file exports exactly its listed methods.
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
const routeMethods = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      unlisted: "scripts/lib/route-methods.json has no entry for {{apiPath}}: add its methods there.",
      served: "{{apiPath}} exports {{exported}}, but scripts/lib/route-methods.json lists {{listed}}.",
      stale: "scripts/lib/route-methods.json lists {{apiPath}}, which has no route file: remove the entry.",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    if (file === "app/api/[...slug]/route.ts") {
      // The catch-all answers every path without a route file, so it reports the table's leftovers.
      return {
        Program(program) {
          for (const apiPath of Object.keys(ROUTE_METHODS)) {
            if (!existsSync(path.join(context.cwd, `app${apiPath}/route.ts`)))
              context.report({ node: program, messageId: "stale", data: { apiPath } });
          }
        },
      };
    }
    const apiPath = /^app(\/api\/[^[]*)\/route\.ts$/.exec(file)?.[1];
    if (!apiPath) return {};
    return {
      Program(program) {
        const listed = ROUTE_METHODS[apiPath];
        if (!listed) return context.report({ node: program, messageId: "unlisted", data: { apiPath } });
        const own = [];
        for (const node of program.body) {
          if (node.type !== "ExportNamedDeclaration") continue;
          const declaration = node.declaration;
          if (declaration?.type === "FunctionDeclaration" && declaration.id) own.push(declaration.id.name);
          for (const declarator of declaration?.type === "VariableDeclaration" ? declaration.declarations : []) {
            if (declarator.id.type === "Identifier") own.push(declarator.id.name);
          }
          for (const specifier of node.specifiers) own.push(specifier.exported.name);
        }
        const exported = HTTP_METHODS.filter((method) => own.includes(method));
        if (exported.join() !== HTTP_METHODS.filter((method) => listed.includes(method)).join()) {
          const data = { apiPath, exported: exported.join(", ") || "no method", listed: listed.join(", ") };
          context.report({ node: program, messageId: "served", data });
        }
      },
    };
  },
};

const ERROR_BODY = {
  selector: "Property[key.name='error'][value.type='ObjectExpression']",
  message:
    "Build error bodies with errorBody()/apiErrorResponse() (lib/platform/shared/api-error.ts) from the error-code table.",
};
// The operator console is where the raw status is what the reader needs; it is left out.
const STATUS_TEXT = [
  {
    selector: "TemplateLiteral Identifier[name='status']",
    message:
      "Buyers read words, not a gateway status: use describePaymentStatus() (lib/payments/shared/payment-status.ts).",
  },
  {
    selector:
      ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Identifier[name='status'], MemberExpression[property.name='status'])",
    message:
      "Buyers read words, not a gateway status: use describePaymentStatus() (lib/payments/shared/payment-status.ts).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{ts,tsx,mts}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Playwright fixtures are named `use`, which the React hooks rule mistakes for a hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // lib/platform/server/config.ts is the one reader of the environment (README "Configuration"):
    // everything else takes validated values from getConfig(). Tooling and tests run outside the
    // app and set up or read its environment themselves.
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: ["lib/platform/server/config.ts", "scripts/**", "tests/**", "e2e/**", "**/*.config.*"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration through getConfig() (lib/platform/server/config.ts), the one reader of the environment.",
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: {
      layout: { rules: { "use-client-boundary": useClientBoundary, "dependency-direction": dependencyDirection } },
    },
    rules: { "layout/use-client-boundary": "error", "layout/dependency-direction": "error" },
  },
  {
    files: ["app/api/**/route.ts"],
    plugins: { api: { rules: { "route-methods": routeMethods } } },
    rules: { "api/route-methods": "error" },
  },
  // Every error answer's body comes from lib/platform/shared/api-error.ts and the closed table of
  // error-codes.ts; public pages show a payment's outcome in words, never a gateway status.
  {
    files: ["lib/**/*.{ts,tsx,mts,mjs}", "app/admin/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ERROR_BODY] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/admin/**"],
    rules: { "no-restricted-syntax": ["error", ERROR_BODY, ...STATUS_TEXT] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/console/**"],
    rules: { "no-restricted-syntax": ["error", ...STATUS_TEXT] },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/generated/**",
    ".data/**",
    ".test-data/**",
    "test-results/**",
    "playwright-report/**",
    "bench-results/**",
    "test-reports/**",
    "next-env.d.ts",
  ]),
]);
