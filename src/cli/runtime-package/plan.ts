/**
 * Plans the runtime package written into the host (DESIGN.md, "Why the runtime is written into the
 * host project"): a real package `@create-auth/runtime` in its own folder, with a MANIFEST.json of
 * sha256 hashes so later runs can tell our files from the user's edits. Files identical to what we would
 * write are left alone (idempotent); files we wrote earlier and nobody touched are updated; files the user
 * edited are conflicts, never silently overwritten.
 */
import { createHash } from "node:crypto";
import type { ProjectReader } from "../plan/reader.js";
import type { Conflict, FileChange } from "../plan/types.js";
import type { RuntimeSource } from "./source.js";

export const RUNTIME_PACKAGE_NAME = "@create-auth/runtime";

export interface Manifest {
  name: string;
  version: string;
  /** sha256 (hex) of every file of the package except MANIFEST.json itself. */
  files: Record<string, string>;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function packageJson(source: RuntimeSource): string {
  const pkg = {
    name: RUNTIME_PACKAGE_NAME,
    version: source.version,
    private: true,
    description:
      "Authentication runtime written into this project by create-auth. Update it with `npx create-auth update`; MANIFEST.json lets the CLI detect local edits.",
    type: "module",
    sideEffects: false,
    // Marks a Qwik library for Qwik's vite plugin: the package is then kept out of vite's dependency
    // pre-bundling and SSR externals, so its `*.qwik.js` files always pass through Qwik's optimizer.
    qwik: "./qwik.js",
    exports: {
      ".": { types: "./index.d.ts", default: "./index.js" },
      // Svelte components ship as source: the `svelte` condition tells the app's Svelte tooling to compile them.
      "./sveltekit/components": {
        types: "./sveltekit/components.d.ts",
        svelte: "./sveltekit/components.js",
        default: "./sveltekit/components.js",
      },
      "./*": { types: "./*.d.ts", default: "./*.js" },
    },
    // Peers, not dependencies: the host installs them once at its root and the runtime resolves them
    // from there, so there is never a second copy of jose in the bundle.
    peerDependencies: source.peerDependencies,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** Every file of the package as it should be on disk, MANIFEST.json last. */
export function runtimePackageFiles(source: RuntimeSource): { path: string; content: string }[] {
  const files = [{ path: "package.json", content: packageJson(source) }, ...source.files];
  const manifest: Manifest = {
    name: RUNTIME_PACKAGE_NAME,
    version: source.version,
    files: Object.fromEntries(files.map((file) => [file.path, sha256(file.content)])),
  };
  return [...files, { path: "MANIFEST.json", content: `${JSON.stringify(manifest, null, 2)}\n` }];
}

function readManifest(reader: ProjectReader, dir: string): Manifest | null {
  const text = reader.read(`${dir}/MANIFEST.json`);
  if (text === null) return null;
  try {
    return JSON.parse(text) as Manifest;
  } catch {
    return null;
  }
}

export function planRuntimePackage(
  reader: ProjectReader,
  runtimeDir: string,
  source: RuntimeSource,
): { changes: FileChange[]; conflicts: Conflict[] } {
  const group = `${runtimeDir}/`;
  const previous = readManifest(reader, runtimeDir);
  const unedited = (file: string, text: string) => previous?.files[file] === sha256(text);
  const changes: FileChange[] = [];
  const conflicts: Conflict[] = [];
  const wanted = runtimePackageFiles(source);
  for (const file of wanted) {
    const target = `${runtimeDir}/${file.path}`;
    const existing = reader.read(target);
    if (existing === file.content) continue;
    if (existing === null) {
      changes.push({ kind: "create", path: target, content: file.content, reason: "runtime package", group });
    } else if (file.path === "MANIFEST.json" || unedited(file.path, existing)) {
      changes.push({
        kind: "edit",
        path: target,
        before: existing,
        after: file.content,
        reason: "runtime update",
        group,
      });
    } else {
      conflicts.push({
        path: target,
        reason: "differs from the runtime this CLI ships and from what create-auth wrote",
      });
    }
  }
  // Files an older runtime had and this one dropped: removed only if the user never edited them.
  const keep = new Set(wanted.map((file) => file.path));
  for (const file of Object.keys(previous?.files ?? {})) {
    if (keep.has(file)) continue;
    const target = `${runtimeDir}/${file}`;
    const existing = reader.read(target);
    if (existing !== null && unedited(file, existing)) {
      changes.push({ kind: "delete", path: target, before: existing, reason: "no longer part of the runtime", group });
    }
  }
  return { changes, conflicts };
}
