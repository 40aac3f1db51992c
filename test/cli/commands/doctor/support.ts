// `auth doctor` run in this process as the command runs it, on an app held in memory or on disk: the human
// report and the --json one, which must agree on the exit code; and the on-disk app with its database as a
// test leaves it. Shared by the doctor tests.
import { symlinkSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { Finding } from "../../../../src/cli/checks/finding.js";
import { runDoctor } from "../../../../src/cli/commands/doctor.js";
import { type Host, processHost } from "../../../../src/cli/commands/host.js";
import { openDatabase } from "../../../../src/cli/database/connect.js";
import { type SqlDialect, sqlSchema } from "../../../../src/cli/database/sql/render.js";
import { splitStatements } from "../../../../src/cli/database/sql-statements.js";
import { createOutput } from "../../../../src/cli/output.js";
import { loadRuntimeSource } from "../../../../src/cli/runtime-package/source.js";
import { type MemoryProject, materialize, repoRoot } from "../../support.js";

export interface DoctorRun {
  status: number;
  stdout: string;
  /** The --json report as printed (a test that a secret is never printed reads it whole). */
  json: string;
  findings: Finding[];
  ids: string[];
}

/** Where doctor runs: the app's folder, and its files from memory (the disk's when no reader is given). */
interface Where {
  root: string;
  reader?: Host["reader"];
}

/** One doctor run with --json (or without): its exit code and what it printed. */
async function runOnce(where: Where, flags: { production?: boolean; json?: boolean }, env: Record<string, string>) {
  let out = "";
  const write = (text: string) => {
    out += text;
  };
  const host: Host = {
    ...processHost(),
    cwd: where.root,
    env,
    terminal: false,
    stdout: write,
    stderr: () => {},
    ...(where.reader ? { reader: where.reader } : {}),
    runtime: () => loadRuntimeSource(path.join(repoRoot, "dist/runtime/")),
  };
  const status = await runDoctor(undefined, flags, createOutput(flags.json === true, write), host);
  return { status, out };
}

async function doctorAt(
  where: Where,
  flags: { production?: boolean },
  env: Record<string, string>,
): Promise<DoctorRun> {
  const human = await runOnce(where, flags, env);
  const machine = await runOnce(where, { ...flags, json: true }, env);
  const parsed = JSON.parse(machine.out) as { ok: boolean; findings: Finding[] };
  expect(machine.status).toBe(human.status);
  expect(parsed.ok).toBe(human.status === 0);
  const ids = parsed.findings.map((f) => f.id);
  return { status: human.status, stdout: human.out, json: machine.out, findings: parsed.findings, ids };
}

/** runDoctor on a project in memory: `env` is the process environment, --json parsed into findings. */
export function doctor(
  project: MemoryProject,
  flags: { production?: boolean } = {},
  env: Record<string, string> = {},
): Promise<DoctorRun> {
  return doctorAt({ root: project.root, reader: () => project.reader() }, flags, env);
}

/** runDoctor on an app on disk (its git history, its database): both reports, as `doctor` gives them. */
export function doctorOnDisk(root: string, env: Record<string, string> = {}): Promise<DoctorRun> {
  return doctorAt({ root }, {}, env);
}

/** The findings of `doctor --json` on an app on disk whose id starts with `prefix` (`database.`, `users.`). */
export async function findingsOnDisk(root: string, env: Record<string, string>, prefix: string): Promise<Finding[]> {
  const { out } = await runOnce({ root }, { json: true }, env);
  return (JSON.parse(out) as { findings: Finding[] }).findings.filter((f) => f.id.startsWith(prefix));
}

export const byId = (run: DoctorRun, id: string) => run.findings.filter((f) => f.id === id);

/** The statements that create every auth table in `dialect`, as database/sql/render.ts writes them. */
export const authTables = (dialect: SqlDialect): string[] =>
  splitStatements(sqlSchema(dialect), dialect).map((statement) => statement.sql);

/**
 * The app on disk with this repository's node_modules (its database drivers), and `statements` run on the
 * database `env` names: the database as the test wants doctor to find it.
 */
export async function onDiskWithDatabase(
  project: MemoryProject,
  env: Record<string, string>,
  statements: string[],
): Promise<string> {
  const root = materialize(project);
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  const db = await openDatabase(root, env);
  try {
    for (const statement of statements) await db.query(statement);
  } finally {
    await db.close();
  }
  return root;
}
