/**
 * Preload for the kill tests (`node --import ./support/kill-preload.mjs dist/cli/main.js …`): node:fs's calls that
 * change the disk are wrapped, and counted from the first one that names a file of an apply (its journal,
 * a temp or a backup: `.create-auth-` in the path), so planning is never counted. At call number
 * CREATE_AUTH_KILL_AT the process SIGKILLs itself before the call runs: no exception, no finally, no exit
 * handler, as when a terminal is closed or the machine stops. Without it the run completes and, at exit,
 * writes the calls it counted (one `name path` per line) to CREATE_AUTH_KILL_LOG, which tells the test how
 * many kill points there are and where the commit point is.
 *
 * With CREATE_AUTH_KILL_IMAGES (a folder) and CREATE_AUTH_KILL_ROOT (the project), the run is not killed:
 * before each counted call the project is copied to IMAGES/<N>, the disk exactly as a kill before call N
 * leaves it (these calls are synchronous: nothing is buffered in the process), so one run yields every kill
 * point's state; the test checks real kills land on those same states. The product has no hook for any of it.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const killAt = Number(process.env.CREATE_AUTH_KILL_AT ?? "0");
const log = process.env.CREATE_AUTH_KILL_LOG;
const images = process.env.CREATE_AUTH_KILL_IMAGES;
const root = process.env.CREATE_AUTH_KILL_ROOT;
const writeLog = fs.writeFileSync;
const copyTree = fs.cpSync;
const calls = [];
let counting = false;
/** While a state is being copied, the copy's own calls are neither counted nor imaged. */
let imaging = false;

const changes = (name, args) => name !== "openSync" || !/^r\+?$/.test(String(args[1] ?? "r"));
for (const name of [
  "openSync",
  "writeFileSync",
  "chmodSync",
  "copyFileSync",
  "renameSync",
  "unlinkSync",
  "mkdirSync",
  "rmdirSync",
  "rmSync",
]) {
  const original = fs[name];
  fs[name] = function killable(...args) {
    if (!imaging && changes(name, args)) {
      counting ||= args.some((arg) => typeof arg === "string" && arg.includes(".create-auth-"));
      if (counting) {
        calls.push(`${name} ${typeof args[0] === "string" ? args[0] : "<fd>"}`);
        if (images && root) {
          imaging = true;
          copyTree(root, `${images}/${calls.length}`, { recursive: true, verbatimSymlinks: true });
          imaging = false;
        }
        if (calls.length === killAt) {
          process.kill(process.pid, "SIGKILL");
          // The signal is delivered on the way out of kill(2); never go on meanwhile.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
        }
      }
    }
    return original.apply(this, args);
  };
}
syncBuiltinESMExports();

if (log) process.on("exit", () => writeLog(log, calls.map((call) => `${call}\n`).join("")));
