// `auth doctor` run in this process on an app held in memory, as the command runs it: the human report and
// the --json one, which must agree on the exit code. Shared by the in-memory doctor tests.
import path from "node:path";
import { expect } from "vitest";
import { runDoctor } from "../../src/cli/commands/doctor.js";
import type { Finding } from "../../src/cli/doctor/finding.js";
import { type Host, processHost } from "../../src/cli/host.js";
import { createOutput } from "../../src/cli/output.js";
import { loadRuntimeSource } from "../../src/cli/runtime-package/source.js";
import { type MemoryProject, repoRoot } from "./support.js";

export interface DoctorRun {
  status: number;
  stdout: string;
  findings: Finding[];
  ids: string[];
}

/** runDoctor on a project in memory: `env` is the process environment, --json parsed into findings. */
export async function doctor(
  project: MemoryProject,
  flags: { production?: boolean } = {},
  env: Record<string, string> = {},
): Promise<DoctorRun> {
  let stdout = "";
  let json = "";
  const host = (write: (text: string) => void): Host => ({
    ...processHost(),
    cwd: project.root,
    env,
    terminal: false,
    stdout: write,
    stderr: () => {},
    reader: () => project.reader(),
    runtime: () => loadRuntimeSource(path.join(repoRoot, "dist/runtime/")),
  });
  const human = host((text) => {
    stdout += text;
  });
  const status = await runDoctor(undefined, flags, createOutput(false, human.stdout), human);
  const machine = host((text) => {
    json += text;
  });
  const jsonStatus = await runDoctor(undefined, { ...flags, json: true }, createOutput(true, machine.stdout), machine);
  const parsed = JSON.parse(json) as { ok: boolean; findings: Finding[] };
  expect(jsonStatus).toBe(status);
  expect(parsed.ok).toBe(status === 0);
  return { status, stdout, findings: parsed.findings, ids: parsed.findings.map((f) => f.id) };
}

export const byId = (run: DoctorRun, id: string) => run.findings.filter((f) => f.id === id);
