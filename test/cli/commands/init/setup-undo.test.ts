/**
 * Undo beside every edit (plan/planner.ts `EditFileStep.undo`): every edit step of a setup, as
 * commands/init/setup-steps.ts lists it for init and remove, says how it is undone, or says on purpose that there is
 * nothing to undo (`undo: null`). Checked for every target in the registry, on each fixture of its
 * framework in test/fixtures, without a database, with one through SQL files, and through the ORM the app
 * uses: a target whose edit step has neither fails here,
 * so remove can never silently leave a new framework's edit behind. Where the fixture has the file, the
 * step's undo gives back the app's file byte for byte from what its transform made of it. The tool-ignore
 * steps every framework shares are held to the same rule.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupSteps } from "../../../../src/cli/commands/init/setup-steps.js";
import { projectOrms } from "../../../../src/cli/database/orm-plan.js";
import { loadRenderer } from "../../../../src/cli/edit/templates.js";
import { detectProject } from "../../../../src/cli/frameworks/detect-project.js";
import { FRAMEWORK_IDS, REGISTRY } from "../../../../src/cli/frameworks/index.js";
import type { PlanContext } from "../../../../src/cli/plan/context.js";
import type { EditFileStep, FileStep } from "../../../../src/cli/plan/planner.js";
import { toolIgnoreSteps } from "../../../../src/cli/plan/tool-ignores.js";
import type { Answers } from "../../../../src/cli/project/types.js";
import { type MemoryProject, memoryFixture, repoRoot } from "../../support.js";

const RUNTIME_DIR = "vendor/auth-runtime";

/** Each fixture's framework, as detection finds it; fixtures detection refuses are no target's. */
async function fixturesByFramework(): Promise<Map<string, string[]>> {
  const byFramework = new Map<string, string[]>();
  for (const fixture of readdirSync(path.join(repoRoot, "test/fixtures")).sort()) {
    let framework: string;
    try {
      framework = (await detectProject(memoryFixture(fixture).reader(), {})).target.id;
    } catch {
      continue;
    }
    byFramework.set(framework, [...(byFramework.get(framework) ?? []), fixture]);
  }
  return byFramework;
}

const FIXTURES = await fixturesByFramework();
/** Each fixture's databases, read before the tests are declared (detection loads the target). */
const DATABASES = new Map(
  await Promise.all(
    [...FIXTURES.values()].flat().map(async (fixture) => [fixture, await databasesOf(fixture)] as const),
  ),
);

/** The edit steps that say nothing about their undo: neither a function nor an explicit null. */
function undecided(steps: readonly FileStep[]): string[] {
  return steps
    .filter((step): step is EditFileStep => step.kind === "edit")
    .filter((step) => step.undo === undefined)
    .map((step) => step.path);
}

type Database = Pick<Answers, "db" | "orm">;

/** No database, PostgreSQL through SQL files, and the ORM the app already uses (its client module is code). */
async function databasesOf(fixture: string): Promise<Database[]> {
  const project = memoryFixture(fixture);
  const { info } = await detectProject(project.reader(), {});
  const orms = projectOrms(project.reader(), info).flatMap(({ orm, dialect }) =>
    dialect ? [{ orm, db: dialect }] : [],
  );
  return [{ db: "none", orm: "none" }, { db: "postgres", orm: "none" }, ...orms];
}

async function contextOf(project: MemoryProject, { db, orm }: Database): Promise<PlanContext> {
  const reader = project.reader();
  const { info, target } = await detectProject(reader, {});
  return {
    info,
    answers: { framework: target.id, providers: [], strategy: "jwt", db, orm, runtimeDir: RUNTIME_DIR },
    reader,
    secret: "",
    runtime: undefined as never, // the setup's steps never read the runtime package (env-and-runtime.ts does)
    render: await loadRenderer(target.templates),
    overwrite: new Set(),
    nodeVersion: "24.0.0",
  };
}

it("finds what it checks: a step without an undo, beside one with an undo and one with an explicit null", () => {
  const edit = (path: string, undo?: EditFileStep["undo"]): EditFileStep => ({
    kind: "edit",
    path,
    reason: "test",
    transform: () => "unchanged",
    ...(undo === undefined ? {} : { undo }),
  });
  expect(undecided([edit("a.ts", () => "unchanged"), edit("b.ts", null), edit("c.ts")])).toEqual(["c.ts"]);
});

describe.each(FRAMEWORK_IDS.map((id) => ({ id })))("the $id target's edit steps", ({ id }) => {
  const fixtures = FIXTURES.get(id) ?? [];

  it("has a fixture in test/fixtures to be checked on", () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures.flatMap((fixture) => DATABASES.get(fixture)!.map((database) => ({ fixture, ...database }))))(
    "each carries its undo or says it has none, and the undo gives the app's file back ($fixture, db $db, orm $orm)",
    async ({ fixture, db, orm }) => {
      const project = memoryFixture(fixture);
      const context = await contextOf(project, { db, orm });
      const target = await REGISTRY.find((line) => line.id === id)!.target();
      const { steps, data } = setupSteps(context, target.init(context));
      const code = steps.filter((step) => !data.has(step));
      const ignores = toolIgnoreSteps(context.reader, RUNTIME_DIR);
      expect(undecided([...code, ...ignores])).toEqual([]);

      for (const step of [...code, ...ignores]) {
        if (step.kind !== "edit" || !step.undo) continue;
        const before = context.reader.read(step.path);
        if (before === null) continue;
        const after = step.transform(before);
        if (typeof after !== "string" || after === "unchanged") continue;
        expect(step.undo(after), `${step.path}: undo of the edit`).toBe(before);
      }
    },
  );
});
