/**
 * `auth update [dir]`: brings the runtime package an app got from init (package.json's
 * `"@create-auth/runtime": "file:…"`) to this CLI's runtime without losing the user's edits. What is its
 * own: find the package and its manifest (runtime-package/manifest.ts), decide each file (update/files.ts: replace,
 * three-way merge against the runtime store's base, or conflict), ask per conflicted file whether to write
 * it with conflict markers (on a terminal, default no; --force says yes to all; otherwise the file is left
 * alone and reported, and the command still exits 0), raise the dependencies the runtime needs, and plan
 * (update/plan.ts). Review, apply and install are the contract every command shares (run-plan.ts).
 */

import { detectApp, detectProject } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import { describeProject } from "../project/describe.js";
import { bumpDependencies, neededPackages } from "../runtime-package/dependencies.js";
import { linkedRuntimeDir, readRuntimeManifest } from "../runtime-package/manifest.js";
import { loadRuntimeStore } from "../runtime-package/store.js";
import { counted } from "../words.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { agreedItems, commandApp } from "./lifecycle.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";
import { planFileUpdates } from "./update/files.js";
import { attentionOf, buildUpdatePlan } from "./update/plan.js";

export async function runUpdate(
  dir: string | undefined,
  flags: PlanCommandFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const { root, reader, userAgent } = commandApp(dir, host, out);
  const runtimeDir = linkedRuntimeDir(reader);
  // The app as detect reads it names the providers a refusal's "init again" carries; detect's own refusal
  // comes after the manifest's, as the more useful of the two.
  const app = await detectApp(reader, userAgent);
  const manifest = readRuntimeManifest(reader, app?.info ?? null, runtimeDir);
  const manifestBefore = reader.read(`${runtimeDir}/MANIFEST.json`) ?? "";
  const { info } = app ?? (await detectProject(reader, { userAgent }));
  const source = host.runtime();
  const update = planFileUpdates(reader, runtimeDir, manifest, source, loadRuntimeStore());

  // Conflict markers go into a file only with the user's word: a yes per file on a terminal, or --force.
  const conflicted = update.updates.filter((item) => item.kind === "conflict");
  const agreed = await agreedItems(
    conflicted,
    (item) => {
      const why = attentionOf(item, runtimeDir, new Set())?.why.replace(/: left as it is, not updated$/, "");
      return `${runtimeDir}/${item.file}: ${why}. Write it with conflict markers for you to resolve? (no leaves it as it is)`;
    },
    { flags, host, askDespiteYes: false },
  );
  const markers = new Set(agreed.map((item) => item.file));

  const packageJson = reader.read("package.json") ?? "{}";
  const bump = bumpDependencies(packageJson, neededPackages(source, manifest.entries));
  const { plan, attention } = buildUpdatePlan({
    root,
    runtimeDir,
    manifest,
    manifestBefore,
    version: source.version,
    update,
    markers,
    packageJson: { before: packageJson, bump },
    packageManager: info.packageManager.name,
  });

  const files = (kind: string) =>
    update.updates.filter((item) => item.kind === kind).map((item) => `${runtimeDir}/${item.file}`);
  const attentionLine = `${attention.length} file${attention.length === 1 ? " needs" : "s need"} your attention`;
  const edits = attention.filter((item) => item.state === "yours").length;
  await runPlan({
    command: "update",
    root,
    plan: () => plan,
    flags,
    out,
    host,
    header: [
      describeProject(info),
      `Updating ${runtimeDir} (written by create-auth ${manifest.version}) to create-auth ${source.version}'s runtime.`,
    ],
    json: {
      project: { root, runtimeDir, packageManager: info.packageManager.name },
      runtime: { from: manifest.version, to: source.version },
      files: {
        created: files("create"),
        restored: files("restore"),
        replaced: files("replace"),
        merged: files("merge"),
        conflicted: conflicted.map((item) => ({
          file: `${runtimeDir}/${item.file}`,
          regions: item.regions,
          base: item.base,
          markers: markers.has(item.file),
        })),
        deleted: files("delete"),
        yours: files("yours"),
        orphaned: files("orphan"),
      },
      dependencies: { added: bump.added, raised: bump.raised },
      attention,
    },
    // Never "nothing to do" over an edit without saying it stays: doctor reports the same file as edited.
    nothingToDo:
      attention.length === 0
        ? `Nothing to do: ${runtimeDir} is already create-auth ${source.version}'s runtime.`
        : edits === attention.length
          ? `Nothing to update: ${runtimeDir} is create-auth ${source.version}'s runtime but for ${counted(edits, "file")} you edited, kept as ${edits === 1 ? "it is" : "they are"} (below).`
          : `Nothing else to do; ${attentionLine} (below).`,
  });
  if (attention.length > 0) {
    out.line();
    out.line(edits === attention.length ? `Edited by you, kept (${counted(edits, "file")}):` : `${attentionLine}:`);
    for (const item of attention) out.line(`  ${item.file}: ${item.why}.`);
    if (attention.some((item) => item.state === "kept")) {
      out.line(
        "Run update on a terminal to be asked about each, or with --force to write conflict markers into all of them.",
      );
    }
  }
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, PlanCommandFlags> = ({ args, options }, out, host) =>
  runUpdate(args.dir, options, out, host);
