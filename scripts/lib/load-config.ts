import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseConfig, type Config } from "../../lib/platform/server/config";

/** Not cached, so an entry point may still set DATABASE_URL for the modules it loads. */
export function loadConfigOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * For a tool that signs or hashes as the site does: unless SESSION_SECRET or the tool's own key is
 * set, the session secret npm start keeps in the data directory; exits 1 when there is none.
 */
export function takeSiteSecretOrExit(
  config: Config,
  ownKey: "ADMIN_AUTH_SECRET" | "SUPPRESSION_HASH_KEY" | "SESSION_SECRET",
  root: string,
) {
  if (config.SESSION_SECRET || config[ownKey]) return;
  const local = path.join(path.resolve(root, config.FUNNEL_DATA_DIR), "session-secret");
  if (!existsSync(local)) {
    const names = ownKey === "SESSION_SECRET" ? ownKey : `${ownKey} or SESSION_SECRET`;
    console.error(`Set ${names} as the site has them (no local session-secret found).`);
    process.exit(1);
  }
  process.env.SESSION_SECRET = readFileSync(local, "utf8").trim();
}
