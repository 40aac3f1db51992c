/**
 * `auth doctor [dir] [--production] [--json]`: checks the app's auth setup and explains each finding with
 * its fix and a stable id (docs/cli-doctor.md lists them): the secret (and whether git history holds it),
 * AUTH_URL and host trust as the runtime will judge them, each provider's settings and callback URL, the
 * runtime package against its manifest, the database schema, known-vulnerable packages beside it, and the
 * wiring the framework needs. Reads only; never prints a secret. Resolves to the exit code: 1 when any
 * finding is an error, else 0.
 */

import path from "node:path";
import { type Finding, finding } from "../checks/finding.js";
import type { Output } from "../output.js";
import { readPackageJson } from "../project/package-json.js";
import type { CommandRun } from "./command.js";
import { doctorContext } from "./doctor/context.js";
import { checkDatabase } from "./doctor/database.js";
import { checkDeployment } from "./doctor/deployment.js";
import { checkInterruptedApply } from "./doctor/interrupted-apply.js";
import { checkProviders } from "./doctor/providers.js";
import { printFindings } from "./doctor/report.js";
import { checkRuntimePackage } from "./doctor/runtime-package.js";
import { checkSecret } from "./doctor/secret.js";
import { checkSecretHistory } from "./doctor/secret-history.js";
import { checkUsersTable } from "./doctor/users-table.js";
import { checkAdvisories } from "./doctor/vulnerable.js";
import { checkWiring } from "./doctor/wiring.js";
import type { Host } from "./host.js";

export interface DoctorFlags {
  production?: boolean;
  json?: boolean;
}

export async function runDoctor(dir: string | undefined, flags: DoctorFlags, out: Output, host: Host): Promise<number> {
  // Not projectRoot: the doctor writes nothing, not even the rollback of an interrupted apply (it reports it).
  const root = path.resolve(host.cwd, dir ?? ".");
  const reader = host.reader(root);
  readPackageJson(reader); // an app's folder, or one line saying to run it in one
  const production = Boolean(flags.production);
  const ctx = await doctorContext(reader, host.env, production, host.runtime());
  const findings: Finding[] = [];
  if ("missing" in ctx.setup) {
    findings.push(finding("error", "setup.missing", ctx.setup.missing, "run npx create-auth init in the app's folder"));
  }
  findings.push(
    ...checkInterruptedApply(reader),
    ...checkSecret(ctx),
    ...checkSecretHistory(ctx),
    ...checkDeployment(ctx),
    ...checkProviders(ctx),
    ...checkRuntimePackage(ctx),
    ...(await checkDatabase(ctx)),
    ...(await checkUsersTable(ctx)),
    ...checkAdvisories(ctx),
    ...checkWiring(ctx),
  );
  printFindings(out, root, production, findings);
  return findings.some((f) => f.level === "error") ? 1 : 0;
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, DoctorFlags> = ({ args, options }, out, host) =>
  runDoctor(args.dir, options, out, host);
