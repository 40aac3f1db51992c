/**
 * The size on disk of what a JWT + GitHub Next app gets (issue 25, point 6): the built CLI's `init` run on a
 * copy of the Next 16 fixture (a git repository, as init expects), then the runtime package it writes
 * (vendor/auth-runtime) plus each peer dependency that package lists, as installed in this checkout's
 * node_modules. Apparent size (the bytes of the files) and `du -k` (the blocks they take).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** `du` over `paths`: the total line's figure. */
const du = (flags, paths) =>
  Number(
    execFileSync("du", [...flags, "-c", ...paths], { encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1)
      .split("\t")[0],
  );

/** Runs init in a scratch copy of the fixture; resolves the parts and their sizes, then removes the copy. */
export function installedSize(root) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-size-"));
  try {
    const app = path.join(scratch, "app");
    fs.cpSync(path.join(root, "test", "fixtures", "scaffold-next-16"), app, { recursive: true });
    const git = (...args) => execFileSync("git", args, { cwd: app, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.name=bench", "-c", "user.email=bench@example.test", "commit", "-qm", "fixture");
    execFileSync(
      process.execPath,
      [
        path.join(root, "bin", "auth.js"),
        "init",
        "--providers",
        "github",
        "--strategy",
        "jwt",
        "--db",
        "none",
        "--no-install",
        "--yes",
      ],
      { cwd: app, stdio: "ignore" },
    );
    const runtime = path.join(app, "vendor", "auth-runtime");
    const manifest = JSON.parse(fs.readFileSync(path.join(runtime, "package.json"), "utf8"));
    const peers = Object.keys(manifest.peerDependencies ?? {});
    const parts = [
      { name: "vendor/auth-runtime", dir: runtime },
      ...peers.map((peer) => ({ name: peer, dir: path.join(root, "node_modules", peer) })),
    ];
    for (const part of parts) {
      if (!fs.existsSync(part.dir)) throw new Error(`${part.name} is not installed in ${path.dirname(part.dir)}`);
      part.bytes = du(["-sb"], [part.dir]);
      part.kib = du(["-sk"], [part.dir]);
    }
    return {
      parts,
      bytes: du(
        ["-sb"],
        parts.map((part) => part.dir),
      ),
      kib: du(
        ["-sk"],
        parts.map((part) => part.dir),
      ),
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
