#!/usr/bin/env node
// Clean build: dist/ is emitted by tsc from src/ only (one .js + .d.ts per module, no bundling),
// so what the CLI copies into a host project is exactly the code in src/runtime.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit", cwd: root });

// The CLI's handlebars templates sit beside the modules that render them (src/cli/frameworks/<id>/templates/,
// src/cli/database/templates/, src/cli/providers/templates/): tsc does not copy them, so copy each into dist/cli.
const cliSrc = path.join(root, "src", "cli");
for (const entry of fs.readdirSync(cliSrc, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".hbs")) continue;
  const from = path.join(entry.parentPath, entry.name);
  const to = path.join(root, "dist", "cli", path.relative(cliSrc, from));
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

// Svelte components ship as source (the host's Svelte compiles them), with hand-written `.svelte.d.ts`
// types beside them: tsc neither emits nor copies either, so copy them into dist/runtime as they are.
const runtimeSrc = path.join(root, "src", "runtime");
for (const entry of fs.readdirSync(runtimeSrc, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !(entry.name.endsWith(".svelte") || entry.name.endsWith(".svelte.d.ts"))) continue;
  const from = path.join(entry.parentPath, entry.name);
  const to = path.join(root, "dist", "runtime", path.relative(runtimeSrc, from));
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

// One file per public entry plus shared chunks, in place of the per-module files (scripts/bundle-runtime.mjs
// says why and what stays true).
const { bundleRuntime } = await import("./bundle-runtime.mjs");
await bundleRuntime(path.join(root, "dist", "runtime"), path.join(root, "dist", "cli"));
