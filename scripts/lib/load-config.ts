import { ConfigError, getConfig, type Config } from "../../lib/platform/server/config";

/** Entry points fail fast with one line naming each bad variable, never a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
