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
