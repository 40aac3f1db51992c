/**
 * The contract every writing command follows (src/cli/commands/run-plan.ts), driven directly with plans
 * and a host whose terminal, git answer and installer the test chooses: which flag allows what, what is
 * refused and how, what is said, and the one --json object. The commands' own runs (init, secret) and the
 * real terminal and git are in init/secret/prompts/run-plan-git tests.
 */
import { describe, expect, it } from "vitest";
import type { Host } from "../../../src/cli/commands/host.js";
import { type PlanCommandFlags, runPlan } from "../../../src/cli/commands/run-plan.js";
import { CliError } from "../../../src/cli/errors.js";
import { createOutput } from "../../../src/cli/output.js";
import type { FileChange, Plan } from "../../../src/cli/plan/types.js";
import { memoryReader } from "../../../src/cli/project/reader.js";

const ROOT = "/projects/app";

/** A small app: an auth module to create, package.json to edit, and a runtime package of three files. */
function appPlan(overwrite: ReadonlySet<string>, options: { conflict?: boolean; install?: boolean } = {}): Plan {
  const changes: FileChange[] = [
    { kind: "create", path: "auth.ts", content: "export {};\n", reason: "auth module" },
    {
      kind: "edit",
      path: "package.json",
      before: '{ "name": "app" }\n',
      after: '{ "name": "app", "dependencies": { "jose": "^6" } }\n',
      reason: "dependencies: jose",
    },
    ...["index.js", "next.js", "package.json"].map(
      (file): FileChange => ({
        kind: "create",
        path: `vendor/auth-runtime/${file}`,
        content: "//\n",
        reason: "runtime package",
        group: "vendor/auth-runtime/",
      }),
    ),
  ];
  const conflicted = options.conflict && !overwrite.has("middleware.ts");
  return {
    command: "test",
    projectDir: ROOT,
    changes: conflicted
      ? changes
      : [
          ...changes,
          ...(options.conflict
            ? [
                {
                  kind: "edit",
                  path: "middleware.ts",
                  before: "mine\n",
                  after: "ours\n",
                  reason: "proxy",
                } satisfies FileChange,
              ]
            : []),
        ],
    install: options.install ? { packageManager: "npm", command: ["npm", "install"] } : null,
    nextSteps: ["Start the app."],
    notes: ["kept your AUTH_URL"],
    conflicts: conflicted ? [{ path: "middleware.ts", reason: "exists with other content" }] : [],
  };
}

interface Recorded {
  stdout: string;
  applied: Plan[];
  installs: string[];
}

function fakeHost(options: { terminal?: boolean; uncommitted?: string[] }, recorded: Recorded): Host {
  return {
    cwd: ROOT,
    env: {},
    terminal: options.terminal ?? false,
    stdout: (text) => {
      recorded.stdout += text;
    },
    stderr: () => {},
    reader: (root) => memoryReader(root, new Map()),
    uncommitted: (_root, paths) => (options.uncommitted ?? []).filter((file) => paths.includes(file)),
    apply(plan) {
      recorded.applied.push(plan);
      return { written: plan.changes.length };
    },
    async install(_root, step, progress, say) {
      recorded.installs.push(`${progress}: ${step.command.join(" ")}`);
      if (progress === "lines") say("Installing dependencies: npm install");
    },
    runtime: () => {
      throw new Error("not used");
    },
  };
}

async function run(
  flags: PlanCommandFlags,
  options: { terminal?: boolean; uncommitted?: string[]; conflict?: boolean; install?: boolean; empty?: boolean } = {},
) {
  const recorded: Recorded = { stdout: "", applied: [], installs: [] };
  const host = fakeHost(options, recorded);
  const plans: ReadonlySet<string>[] = [];
  const error = await runPlan({
    command: "test",
    root: ROOT,
    plan: (overwrite) => {
      plans.push(overwrite);
      const plan = appPlan(overwrite, options);
      return options.empty ? { ...plan, changes: [], install: null } : plan;
    },
    flags,
    out: createOutput(Boolean(flags.json), host.stdout),
    host,
    header: ["Test app at /projects/app"],
    json: { project: { root: ROOT } },
    nothingToDo: "Nothing to do: already set up.",
  }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  return { ...recorded, plans, error: error as CliError | null };
}

describe("runPlan: the summary and what was done", () => {
  it("counts the runtime package as one row, then says what it created and changed, then the next steps", async () => {
    const result = await run({ yes: true });
    expect(result.error).toBeNull();
    expect(result.stdout).toBe(
      [
        "Test app at /projects/app",
        "Note: kept your AUTH_URL",
        "",
        "Plan:",
        "  create  auth.ts                         auth module",
        "  edit    package.json                    dependencies: jose",
        "  create  vendor/auth-runtime/ (3 files)  runtime package",
        "",
        "Created auth.ts and vendor/auth-runtime/ (3 files).",
        "Changed package.json.",
        "",
        "Next steps:",
        "  1. Start the app.",
        "",
      ].join("\n"),
    );
    expect(result.applied).toHaveLength(1);
  });

  it("says there is nothing to do and writes nothing when the plan is empty", async () => {
    const result = await run({}, { empty: true });
    expect(result.error).toBeNull();
    expect(result.stdout).toContain("Nothing to do: already set up.");
    expect(result.stdout).not.toContain("Plan:");
    expect(result.applied).toEqual([]);
  });

  it("--dry-run prints the diffs and writes nothing", async () => {
    const result = await run({ dryRun: true });
    expect(result.stdout).toContain("+++ b/auth.ts");
    expect(result.stdout).toContain('+{ "name": "app", "dependencies": { "jose": "^6" } }');
    expect(result.stdout).toContain("Dry run: nothing was written.");
    expect(result.applied).toEqual([]);
  });
});

describe("runPlan: --json", () => {
  it("prints exactly one object: ok, command, dryRun, the command's own fields, plan, outcome, nextSteps", async () => {
    const result = await run({ json: true, install: false }, { install: true });
    const object = JSON.parse(result.stdout);
    expect(object).toMatchObject({
      ok: true,
      command: "test",
      dryRun: false,
      project: { root: ROOT },
      outcome: {
        applied: true,
        filesWritten: 5,
        install: "skipped",
        created: ["auth.ts", "vendor/auth-runtime/ (3 files)"],
        changed: ["package.json"],
        deleted: [],
        uncommitted: [],
      },
      nextSteps: ["Install dependencies: npm install", "Start the app."],
    });
    expect(object.plan.changes.map((c: { path: string }) => c.path)).toContain("vendor/auth-runtime/index.js");
  });

  it("installs with nothing on stdout but the object", async () => {
    const result = await run({ json: true }, { install: true });
    expect(result.installs).toEqual(["json: npm install"]);
    expect(JSON.parse(result.stdout).outcome.install).toBe("done");
  });
});

describe("runPlan: install progress", () => {
  it("shows a spinner on a terminal and plain lines elsewhere", async () => {
    // On a terminal --yes skips the confirm, so no prompt is needed here.
    expect((await run({ yes: true }, { install: true, terminal: true })).installs).toEqual(["spinner: npm install"]);
    const plain = await run({ yes: true }, { install: true });
    expect(plain.installs).toEqual(["lines: npm install"]);
    expect(plain.stdout).toContain("Installing dependencies: npm install");
  });
});

describe("runPlan: conflicts", () => {
  it("refuses without a terminal in one line naming the file and --force, and writes nothing", async () => {
    const result = await run({ yes: true }, { conflict: true });
    expect(result.error).toBeInstanceOf(CliError);
    expect(result.error?.code).toBe("ExistingFile");
    expect(result.error?.message).toBe(
      "middleware.ts exists with other content; create-auth will not overwrite it: move it aside, or pass --force to replace it.",
    );
    expect(result.applied).toEqual([]);
  });

  it("--force re-plans with permission to replace the conflicting file", async () => {
    const result = await run({ yes: true, force: true }, { conflict: true });
    expect(result.error).toBeNull();
    expect(result.plans.map((allowed) => [...allowed])).toEqual([[], ["middleware.ts"]]);
    expect(result.applied[0]?.changes.map((c) => c.path)).toContain("middleware.ts");
  });
});

describe("runPlan: uncommitted edits in the files the plan changes", () => {
  it("are reported, then refused without a terminal in one line naming --force", async () => {
    const result = await run({ yes: true }, { uncommitted: ["package.json", "README.md"] });
    expect(result.stdout).toContain("Git: package.json has uncommitted changes; this plan edits it.");
    expect(result.error?.code).toBe("UncommittedChanges");
    expect(result.error?.message).toBe(
      "package.json has uncommitted changes that test's edits would mix with; commit or stash them first, or pass --force to write anyway.",
    );
    expect(result.applied).toEqual([]);
  });

  it("are written over with --force", async () => {
    const result = await run({ yes: true, force: true }, { uncommitted: ["package.json"] });
    expect(result.error).toBeNull();
    expect(result.applied).toHaveLength(1);
    expect(result.stdout).toContain("Git: package.json has uncommitted changes");
  });

  it("are only reported on --dry-run, which writes nothing either way", async () => {
    const result = await run({ dryRun: true, json: true }, { uncommitted: ["package.json"] });
    expect(result.error).toBeNull();
    expect(JSON.parse(result.stdout).outcome).toMatchObject({ applied: false, uncommitted: ["package.json"] });
  });

  it("elsewhere in the project are not the plan's business", async () => {
    const result = await run({ yes: true }, { uncommitted: ["README.md"] });
    expect(result.error).toBeNull();
    expect(result.stdout).not.toContain("Git:");
  });
});
