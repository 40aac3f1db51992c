/**
 * Preload for the kill tests (`node --import ./support-kill.mjs dist/cli/main.js …`): node:fs's calls that
 * change the disk are wrapped, and counted from the first one that names a file of an apply (its journal,
 * a temp or a backup: `.create-auth-` in the path), so planning is never counted. At call number
 * CREATE_AUTH_KILL_AT the process SIGKILLs itself before the call runs: no exception, no finally, no exit
 * handler, as when a terminal is closed or the machine stops. Without it the run completes and, at exit,
 * writes the calls it counted (one `name path` per line) to CREATE_AUTH_KILL_LOG, which tells the test how
 * many kill points there are and where the commit point is. The product code has no hook for any of this.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const killAt = Number(process.env.CREATE_AUTH_KILL_AT ?? "0");
const log = process.env.CREATE_AUTH_KILL_LOG;
const writeLog = fs.writeFileSync;
const calls = [];
let counting = false;

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
    if (changes(name, args)) {
      counting ||= args.some((arg) => typeof arg === "string" && arg.includes(".create-auth-"));
      if (counting) {
        calls.push(`${name} ${typeof args[0] === "string" ? args[0] : "<fd>"}`);
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
