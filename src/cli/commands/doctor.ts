/** `auth doctor`: being built (issue 14). */
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { notYetAvailable } from "./later.js";

export async function runDoctor(
  _dir: string | undefined,
  _flags: Record<string, unknown>,
  _out: Output,
  _host: Host,
): Promise<void> {
  notYetAvailable("doctor");
}
