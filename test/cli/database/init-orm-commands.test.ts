/**
 * init's next step for creating the tables on a Drizzle or Prisma app names the command `migrate` names in
 * the same state (database/state.ts): `prisma db push`, or `prisma migrate dev` where the app keeps Prisma
 * migrations; `drizzle-kit push`, or drizzle-kit's generate then migrate where it keeps a journal;
 * `create-auth migrate` where init wrote the SQL migration of all-new auth tables. Nothing else.
 */
import { describe, expect, it } from "vitest";
import { databaseState } from "../../../src/cli/database/state.js";
import { detectProject } from "../../../src/cli/frameworks/detect-project.js";
import { initInMemory, type MemoryProject, memoryFixture, runInMemory } from "../support.js";

const BASE = ["--providers", "github", "--yes", "--no-install"];
const PRISMA_MIGRATION = '-- CreateTable\nCREATE TABLE "Note" ("id" TEXT NOT NULL PRIMARY KEY);\n';
const DRIZZLE_JOURNAL = '{ "version": "7", "dialect": "postgresql", "entries": [] }\n';

interface Case {
  fixture: string;
  args: string[];
  /** What the app keeps beside its schema before init runs. */
  files?: Record<string, string>;
  /** The command migrate names after init. */
  command: string;
}

/** The ORM's line of init's next steps. */
function ormStep(stdout: string): string {
  const line = stdout.split("\n").find((text) => /^\s+\d+\. (Prisma|Drizzle) \(/.test(text));
  if (!line) throw new Error(`no Prisma or Drizzle step in:\n${stdout}`);
  return line.replace(/^\s+\d+\. /, "");
}

/** The step with `commands` taken out: what other table-creating command it still names. */
function otherCommands(step: string, commands: string[]): string[] {
  let rest = step.replace("npx prisma generate", "");
  for (const command of commands) rest = rest.replace(command, "");
  return rest.match(/(npx )?(prisma (migrate|db)|drizzle-kit (push|generate|migrate))[^,.;)]*/g) ?? [];
}

async function initOn(
  fixture: string,
  args: string[],
  files: Record<string, string>,
): Promise<{ project: MemoryProject; step: string }> {
  const project = memoryFixture(fixture);
  for (const [file, content] of Object.entries(files)) project.write(file, content);
  const run = await initInMemory(project, [...BASE, ...args]);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return { project, step: ormStep(run.stdout) };
}

const CASES: Case[] = [
  { fixture: "orm-prisma-express", args: ["--orm", "prisma"], command: "npx prisma db push" },
  { fixture: "orm-prisma-int-express", args: ["--orm", "prisma"], command: "npx prisma db push" },
  { fixture: "orm-prisma-sveltekit", args: ["--orm", "prisma"], command: "npx prisma db push" },
  { fixture: "orm-prisma-next", args: ["--orm", "prisma"], command: "npx prisma db push" },
  { fixture: "orm-prisma-bigint-next", args: ["--orm", "prisma"], command: "npx prisma db push" },
  { fixture: "orm-prisma-uuid-sveltekit", args: ["--orm", "prisma"], command: "npx prisma db push" },
  {
    fixture: "orm-prisma-express",
    args: ["--orm", "prisma"],
    files: { "prisma/migrations/20260101000000_init/migration.sql": PRISMA_MIGRATION },
    command: "npx prisma migrate dev --name auth",
  },
  {
    fixture: "orm-prisma-sveltekit",
    args: ["--orm", "prisma"],
    files: { "prisma/migrations/20260101000000_init/migration.sql": PRISMA_MIGRATION },
    command: "npx prisma migrate dev --name auth",
  },
  { fixture: "next-app", args: ["--orm", "prisma", "--db", "postgres"], command: "npx prisma db push" },
  { fixture: "orm-drizzle-next", args: ["--orm", "drizzle"], command: "npx drizzle-kit push" },
  {
    fixture: "orm-drizzle-serial-next",
    args: ["--orm", "drizzle", "--db", "postgres"],
    command: "npx drizzle-kit push",
  },
  { fixture: "orm-drizzle-schema-folder", args: ["--orm", "drizzle"], command: "npx drizzle-kit push" },
  {
    fixture: "orm-drizzle-next",
    args: ["--orm", "drizzle"],
    files: { "drizzle/meta/_journal.json": DRIZZLE_JOURNAL },
    command: "npx drizzle-kit generate, then npx drizzle-kit migrate",
  },
  {
    fixture: "orm-drizzle-serial-next",
    args: ["--orm", "drizzle", "--db", "postgres"],
    files: { "drizzle/meta/_journal.json": DRIZZLE_JOURNAL },
    command: "npx drizzle-kit generate, then npx drizzle-kit migrate",
  },
];

describe("init's next step names the command migrate names", () => {
  it.each(CASES.map((c) => ({ ...c, keeps: c.files ? `keeping ${Object.keys(c.files).join(", ")}` : "as it is" })))(
    "$fixture ($args.1) $keeps → $command",
    async ({ fixture, args, files = {}, command }) => {
      const { project, step } = await initOn(fixture, args, files);
      const migrate = await runInMemory(project, ["migrate", project.root]);
      expect(migrate.stderr).toBe("");
      expect(migrate.stdout).toContain(`\nRun: ${command}\n`);
      expect(step).toContain(command);
      expect(otherCommands(step, [command])).toEqual([]);
    },
  );

  it("all-new auth tables beside a drizzle-kit setup: create-auth migrate, or drizzle-kit as migrate names it", async () => {
    const { project, step } = await initOn("orm-drizzle-sveltekit", ["--orm", "drizzle"], {});
    // migrate itself would open the SQLite file; what it runs and names is this state.
    const state = databaseState(project.reader(), (await detectProject(project.reader(), {})).info);
    expect(state.owner.command).toBe("npx create-auth migrate");
    expect(state.ownColumns).toBe("npx drizzle-kit push");
    expect(step).toContain("npx create-auth migrate");
    expect(step).toContain(`drizzle-kit, which this app uses: ${state.ownColumns}.`);
    expect(otherCommands(step, [state.ownColumns!])).toEqual([]);
  });
});
