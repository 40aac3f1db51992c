/**
 * Verifies bcrypt hashes (`$2a$`, `$2b$`, `$2y$`) left by an app's own `credentials` setup, so its users can
 * sign in once more and get an Argon2id hash in exchange (the hasher always flags them for rehash); nothing is
 * ever hashed with bcrypt. `bcryptjs` is pure JavaScript, loaded with a dynamic import since only migrating
 * apps need it. It runs on the main thread in chunks of up to 100 ms (cost 10 ≈ 70 ms): acceptable for a
 * path each user takes once, and the reason the cost is capped at 15 (docs/passwords.md).
 */
import { timingSafeEqual } from "node:crypto";

/** `$2b$10$` + 22 characters of salt + 31 of hash, in bcrypt's own base64 alphabet. */
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
/** 2^15 rounds is ~2.3 s of main-thread work here; higher is no real setup's choice, and would stall the server. */
const MAX_COST = 15;
const MIN_COST = 4;

export interface StoredBcrypt {
  algorithm: "bcrypt";
  cost: number;
  hash: string;
}

type Bcryptjs = typeof import("bcryptjs")["default"];
let loading: Promise<Bcryptjs | undefined> | undefined;
/**
 * Out of the bundlers' sight (a variable, and their ignore comments): Turbopack and Rollup resolve a literal
 * `import("bcryptjs")` when a Next or SvelteKit app is built, and fail the build of every app that did not
 * install it, as the password e2e tests showed. Node resolves it at run time from the app's node_modules.
 */
const BCRYPTJS = "bcryptjs";

function loadBcrypt(): Promise<Bcryptjs | undefined> {
  loading ??= import(/* webpackIgnore: true */ /* @vite-ignore */ BCRYPTJS).then(
    (module: { default?: Bcryptjs }) => (typeof module.default?.hash === "function" ? module.default : undefined),
    () => undefined,
  );
  return loading;
}

export function readBcrypt(stored: string): StoredBcrypt | undefined {
  const match = BCRYPT.exec(stored);
  if (!match) return undefined;
  const cost = Number(match[1]);
  return cost >= MIN_COST && cost <= MAX_COST ? { algorithm: "bcrypt", cost, hash: stored } : undefined;
}

/**
 * True when `password` gives `stored.hash`; undefined when bcryptjs cannot load. The old setup hashed the
 * string as typed, not its NFKC form, so the caller tries that first (see hasher.ts).
 */
export async function verifyBcrypt(password: string, stored: StoredBcrypt): Promise<boolean | undefined> {
  const bcrypt = await loadBcrypt();
  if (!bcrypt) return undefined;
  // bcryptjs writes `$2b$` (or keeps the prefix it was given); hash with the stored salt and compare in
  // constant time ourselves. `$2y$` (PHP) is the same algorithm under another name.
  const salt = `$2b$${stored.hash.slice(4, 29)}`;
  const computed = Buffer.from((await bcrypt.hash(password, salt)).slice(4));
  const expected = Buffer.from(stored.hash.slice(4));
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
