/**
 * The password hasher: hashes new passwords, verifies stored hashes, says when a stored hash should be
 * replaced, and burns a verify for sign-ins of unknown users. Node-only (node:crypto for scrypt, randomness
 * and timingSafeEqual); the policy (policy.ts) is what runs anywhere.
 * Argon2id by default, scrypt where @node-rs/argon2 cannot load (or when configured); bcrypt is read, never
 * written. Every refusal is a typed result, never an exception a client could see.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  ARGON2ID_DEFAULTS,
  ARGON2ID_FLOOR,
  type Argon2idParams,
  argon2idInBounds,
  deriveArgon2id,
  formatArgon2id,
  loadArgon2,
  readArgon2id,
  type StoredArgon2id,
} from "./argon2id.js";
import { readBcrypt, type StoredBcrypt, verifyBcrypt } from "./bcrypt.js";
import { MAX_PASSWORD_BYTES, type PasswordInputProblem, preparePassword } from "./input.js";
import { createLimiter, LimiterFull } from "./limiter.js";
import { parsePhc } from "./phc.js";
import {
  deriveScrypt,
  formatScrypt,
  readScrypt,
  SCRYPT_DEFAULTS,
  SCRYPT_FLOOR,
  type ScryptParams,
  type StoredScrypt,
  scryptInBounds,
} from "./scrypt.js";

export type HashAlgorithm = "argon2id" | "scrypt";

export interface PasswordHasherOptions {
  /** "argon2id" (default) falls back to "scrypt" where @node-rs/argon2 cannot load; "scrypt" forces scrypt. */
  algorithm?: HashAlgorithm;
  /** At or above OWASP's row (m ≥ 19456 KiB, t ≥ 2, p ≥ 1); defaults: ARGON2ID_DEFAULTS. */
  argon2id?: Partial<Argon2idParams>;
  /** At or above N = 2^17, r = 8, p = 1 (the defaults). */
  scrypt?: Partial<ScryptParams>;
  /** Hashes running at once. Default: the cores, at most one fewer than libuv's thread pool (fs and dns share it). */
  maxConcurrent?: number;
  /** Hashes allowed to wait for a slot before further ones are answered "busy". Default 256. */
  maxWaiting?: number;
}

/** Why hashing refused: the input (tell the client) or load ("busy": answer 503 and retry later). */
export type HashRefusal = PasswordInputProblem | "busy";
export type HashOutcome = { ok: true; hash: string } | { ok: false; reason: HashRefusal };

/**
 * Why a verify did not match. "unsupported-hash": the stored string is malformed, too costly, or an
 * algorithm we do not read; "unavailable": it is one we read but whose package cannot load here.
 */
export type VerifyFailure = "mismatch" | HashRefusal | "unsupported-hash" | "unavailable";
export type VerifyOutcome =
  | { match: true; needsRehash: boolean }
  | { match: false; needsRehash: false; reason: VerifyFailure };

export interface PasswordHasher {
  hash(password: unknown): Promise<HashOutcome>;
  /** Whether `password` matches `stored`, and whether `stored` should be replaced by `hash(password)` now. */
  verify(password: unknown, stored: unknown): Promise<VerifyOutcome>;
  /** Costs what a verify for an existing user costs, and never matches: sign-in for an unknown address. */
  verifyUnknownUser(password: unknown): Promise<VerifyOutcome>;
  /** The algorithm new hashes use here (argon2id, or scrypt where the native package cannot load). */
  algorithm(): Promise<HashAlgorithm>;
  /** Hashes running now (bounded by maxConcurrent). */
  readonly running: number;
  /** Hashes waiting for a slot (bounded by maxWaiting). */
  readonly waiting: number;
}

/** Thrown by createPasswordHasher for configuration below the floors: a deployment mistake, not a client's. */
export class PasswordHashConfigError extends Error {
  override name = "PasswordHashConfigError";
  readonly code = "password-hash-config";
}

type Stored = StoredArgon2id | StoredScrypt | StoredBcrypt;

const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Shorter stored salts or hashes verify, then get rehashed to today's lengths. */
const MIN_STORED_BYTES = 8;

function defaultConcurrency(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism(), pool - 1));
}

function readStored(stored: unknown): Stored | undefined {
  if (typeof stored !== "string") return undefined;
  const bcrypt = readBcrypt(stored);
  if (bcrypt) return bcrypt;
  const phc = parsePhc(stored);
  if (!phc || phc.salt.length < MIN_STORED_BYTES || phc.hash.length < 16 || phc.hash.length > 64) return undefined;
  return readArgon2id(phc) ?? readScrypt(phc);
}

function configured<T extends object>(name: string, given: Partial<T> | undefined, defaults: T, floor: T): T {
  // An option given as undefined means "the default", as it would if it were absent.
  const params = { ...defaults, ...Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined)) };
  for (const [key, minimum] of Object.entries(floor) as Array<[keyof T & string, number]>) {
    const value = params[key] as unknown;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < minimum) {
      throw new PasswordHashConfigError(
        `${name}.${key} is ${String(value)}; it must be an integer of at least ${minimum} (OWASP Password Storage Cheat Sheet).`,
      );
    }
  }
  return params;
}

export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const argon2Params = configured("argon2id", options.argon2id, ARGON2ID_DEFAULTS, ARGON2ID_FLOOR);
  const scryptParams = configured("scrypt", options.scrypt, SCRYPT_DEFAULTS, SCRYPT_FLOOR);
  if (!argon2idInBounds(argon2Params) || !scryptInBounds(scryptParams)) {
    throw new PasswordHashConfigError("The hashing parameters are beyond what this hasher would verify (1 GiB).");
  }
  const maxConcurrent = options.maxConcurrent ?? defaultConcurrency();
  const maxWaiting = options.maxWaiting ?? 256;
  // A cap of 0 would leave every hash waiting for ever.
  if (
    !Number.isSafeInteger(maxConcurrent) ||
    maxConcurrent < 1 ||
    !Number.isSafeInteger(maxWaiting) ||
    maxWaiting < 0
  ) {
    throw new PasswordHashConfigError(
      `maxConcurrent (${maxConcurrent}) must be an integer of at least 1, and maxWaiting (${maxWaiting}) one of at least 0.`,
    );
  }
  const limiter = createLimiter(maxConcurrent, maxWaiting);

  const algorithm = async (): Promise<HashAlgorithm> =>
    options.algorithm !== "scrypt" && (await loadArgon2()) ? "argon2id" : "scrypt";

  /** The derived key for `stored`'s algorithm and parameters, or undefined when its package cannot load. */
  const derive = async (bytes: Uint8Array, stored: StoredArgon2id | StoredScrypt): Promise<Uint8Array | undefined> => {
    if (stored.algorithm === "scrypt") return deriveScrypt(bytes, stored.salt, stored.params, stored.hash.length);
    const argon2 = await loadArgon2();
    return argon2 && deriveArgon2id(argon2, bytes, stored.salt, stored.params, stored.hash.length);
  };

  const isWeaker = async (stored: Stored): Promise<boolean> => {
    if (stored.algorithm === "bcrypt" || stored.algorithm !== (await algorithm())) return true;
    if (stored.salt.length < SALT_BYTES || stored.hash.length < HASH_BYTES) return true;
    if (stored.algorithm === "argon2id") {
      // Lanes are not strength (the same memory and passes split differently), so p alone never forces a rehash.
      return stored.params.memoryCost < argon2Params.memoryCost || stored.params.timeCost < argon2Params.timeCost;
    }
    const { ln, r, p } = stored.params;
    return ln < scryptParams.ln || r < scryptParams.r || p < scryptParams.p;
  };

  /** A fixed hash with today's parameters: verifying against it costs a real verify and can never match. */
  const dummy = async (): Promise<StoredArgon2id | StoredScrypt> => {
    const salt = new Uint8Array(SALT_BYTES).fill(0x5a);
    const hash = new Uint8Array(HASH_BYTES).fill(0xa5);
    return (await algorithm()) === "argon2id"
      ? { algorithm: "argon2id", params: argon2Params, salt, hash }
      : { algorithm: "scrypt", params: scryptParams, salt, hash };
  };

  const refused = (reason: VerifyFailure): VerifyOutcome => ({ match: false, needsRehash: false, reason });

  /** Runs one verify under the cap; undefined when the stored hash's package cannot load. */
  const check = async (password: string, bytes: Uint8Array, stored: Stored): Promise<boolean | undefined> =>
    limiter.run(async () => {
      if (stored.algorithm === "bcrypt") {
        // The old setup hashed what was typed; try the NFKC form too, in case it normalised.
        const typed = await verifyBcrypt(password, stored);
        const normalized = password.normalize("NFKC");
        return typed === false && normalized !== password ? verifyBcrypt(normalized, stored) : typed;
      }
      const computed = await derive(bytes, stored);
      return computed && computed.length === stored.hash.length && timingSafeEqual(computed, stored.hash);
    });

  const verifyAgainst = async (password: unknown, stored: Stored | undefined): Promise<VerifyOutcome> => {
    const input = preparePassword(password, MAX_PASSWORD_BYTES);
    if (!input.ok) return refused(input.problem);
    try {
      if (!stored) {
        // Answer as late as a real verify would, so a broken row does not stand out from a working one.
        await check(input.normalized, input.bytes, await dummy());
        return refused("unsupported-hash");
      }
      const matched = await check(password as string, input.bytes, stored);
      if (matched === undefined) {
        await check(input.normalized, input.bytes, await dummy());
        return refused("unavailable");
      }
      return matched ? { match: true, needsRehash: await isWeaker(stored) } : refused("mismatch");
    } catch (error) {
      if (error instanceof LimiterFull) return refused("busy");
      // A stored string the libraries still refuse (parameters OpenSSL will not run): not a match, not a crash.
      return refused("unsupported-hash");
    }
  };

  return {
    get waiting() {
      return limiter.waiting;
    },
    get running() {
      return limiter.running;
    },
    algorithm,
    async hash(password) {
      const input = preparePassword(password, MAX_PASSWORD_BYTES);
      if (!input.ok) return { ok: false, reason: input.problem };
      const salt = randomBytes(SALT_BYTES);
      try {
        return await limiter.run(async () => {
          if ((await algorithm()) === "scrypt") {
            return {
              ok: true,
              hash: formatScrypt(scryptParams, salt, await deriveScrypt(input.bytes, salt, scryptParams, HASH_BYTES)),
            };
          }
          const argon2 = (await loadArgon2())!;
          const hash = await deriveArgon2id(argon2, input.bytes, salt, argon2Params, HASH_BYTES);
          return { ok: true, hash: formatArgon2id(argon2Params, salt, hash) };
        });
      } catch (error) {
        if (error instanceof LimiterFull) return { ok: false, reason: "busy" };
        throw error;
      }
    },
    verify: (password, stored) => verifyAgainst(password, readStored(stored)),
    async verifyUnknownUser(password) {
      const outcome = await verifyAgainst(password, await dummy());
      // The dummy never matches; should it ever, an unknown user still must not sign in.
      return outcome.match ? refused("mismatch") : outcome;
    },
  };
}
