/**
 * Commands of the pinned surface whose behaviour arrives in later versions. They are registered so
 * `--help` shows the whole tool, and say plainly that they are not here yet instead of pretending.
 */
import { CliError } from "../errors.js";

export function notYetAvailable(command: string): never {
  throw new CliError("NotYetAvailable", `\`auth ${command}\` arrives in a later version of create-auth.`);
}
