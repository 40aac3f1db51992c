/** `auth remove`: being built (issue 14). */
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { notYetAvailable } from "./later.js";
import type { PlanCommandFlags } from "./run-plan.js";

export async function runRemove(
  _dir: string | undefined,
  _flags: PlanCommandFlags,
  _out: Output,
  _host: Host,
): Promise<void> {
  notYetAvailable("remove");
}
