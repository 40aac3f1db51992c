#!/usr/bin/env node
// The runtime store (runtime-store/): every runtime file create-auth has released, by the sha256 of its
// text, which is what a project's MANIFEST.json records for each file it was given. `auth update` reads the
// base of its three-way merge from here (src/cli/runtime-package/store.ts). Run at release time, after the build:
//   node scripts/runtime-store.mjs            adds dist/runtime's files that are not stored yet
//   node scripts/runtime-store.mjs <dir>...   adds the files of other runtime folders (an app's vendor/auth-runtime)
//   node scripts/runtime-store.mjs --check    adds nothing; exits 1 naming how many are missing (prepack)
// Objects are never rewritten or removed: an object's name is its content's hash.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const store = path.join(root, "runtime-store");
const args = process.argv.slice(2);
const check = args.includes("--check");
const dirs = args.filter((arg) => arg !== "--check");
if (dirs.length === 0) dirs.push(path.join(root, "dist", "runtime"));

/** What a runtime package holds: modules, declarations, Svelte sources and its package.json; never its manifest. */
const stored = (file) => /\.(js|d\.ts|svelte)$/.test(file) || path.basename(file) === "package.json";

const objectPath = (hash) => path.join(store, hash.slice(0, 2), hash.slice(2));

let added = 0;
let addedBytes = 0;
let missing = 0;
for (const dir of dirs) {
  if (!fs.existsSync(dir)) {
    console.error(`runtime-store: ${dir} does not exist (build first: npm run build).`);
    process.exit(1);
  }
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !stored(entry.name) || entry.name === "MANIFEST.json") continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    const hash = createHash("sha256").update(text, "utf8").digest("hex");
    const target = objectPath(hash);
    if (fs.existsSync(target)) continue;
    if (check) {
      missing++;
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    added++;
    addedBytes += Buffer.byteLength(text);
  }
}

let objects = 0;
let bytes = 0;
for (const entry of fs.existsSync(store) ? fs.readdirSync(store, { recursive: true, withFileTypes: true }) : []) {
  if (!entry.isFile()) continue;
  objects++;
  bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
if (check && missing > 0) {
  console.error(
    `runtime-store: ${missing} runtime files are not stored; run node scripts/runtime-store.mjs and commit runtime-store/.`,
  );
  process.exit(1);
}
console.log(`runtime-store: ${added} new objects (${kb(addedBytes)}); ${objects} objects, ${kb(bytes)} in all.`);
