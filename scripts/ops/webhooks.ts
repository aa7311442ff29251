// npm run webhooks -- add <url> [--events a,b] | list | enable <id> | disable <id> | remove <id>
// `add` prints the signing secret once; `list` never shows secrets.
import nextEnv from "@next/env";
import { withAppDatabase } from "../lib/database";
import { loadConfigOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";
import type * as Endpoints from "../../lib/platform/server/webhooks/endpoints";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const [command, argument, ...rest] = process.argv.slice(2);
const USAGE =
  "Usage: npm run webhooks -- add <url> [--events type,type] | list | enable <id> | disable <id> | remove <id>";

let code = 1;
try {
  code = await withAppDatabase(
    config,
    ROOT,
    async () => run(await import("../../lib/platform/server/webhooks/endpoints")),
    {
      prepare: true,
    },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
}
process.exit(code);

async function run(endpoints: typeof Endpoints): Promise<number> {
  switch (command) {
    case "add": {
      if (!argument) break;
      const eventsFlag = rest.indexOf("--events");
      const events = endpoints.parseEventFilter(eventsFlag >= 0 ? rest[eventsFlag + 1] : undefined);
      const endpoint = await endpoints.addEndpoint(argument, events);
      console.log(`Added endpoint ${endpoint.id} → ${endpoint.url}`);
      console.log(`Events: ${endpoint.events.length ? endpoint.events.join(", ") : "all"}`);
      console.log(`Signing secret (shown once; give it to the receiver): ${endpoint.secret}`);
      return 0;
    }
    case "list": {
      const all = await endpoints.listEndpoints();
      if (!all.length) console.log("No webhook endpoints.");
      for (const e of all) {
        const state = e.enabled
          ? e.failingSince
            ? `enabled, failing since ${e.failingSince.toISOString()}`
            : "enabled"
          : `DISABLED at ${e.disabledAt?.toISOString() ?? "?"}`;
        console.log(`${e.id}  ${e.url}  [${e.events.length ? e.events.join(",") : "all events"}]  ${state}`);
      }
      return 0;
    }
    case "enable":
    case "disable":
    case "remove": {
      if (!argument) break;
      if (command === "enable") await endpoints.enableEndpoint(argument);
      else if (command === "disable") await endpoints.disableEndpoint(argument);
      else await endpoints.removeEndpoint(argument);
      console.log(`${command}d endpoint ${argument}`);
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}
