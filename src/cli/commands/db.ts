/** `auth db <action>`: being built (issue 13). */
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { notYetAvailable } from "./later.js";

export async function runDb(
  action: string,
  _dir: string | undefined,
  _flags: Record<string, unknown>,
  _out: Output,
  _host: Host,
): Promise<void> {
  notYetAvailable(`db ${action}`);
}
