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
