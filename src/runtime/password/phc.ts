/**
 * Reads and writes PHC strings (https://github.com/P-H-C/phc-string-format): `$<id>[$v=<n>][$<k>=<v>,…]$<salt>$<hash>`.
 * A stored hash carries its algorithm and parameters, so changing the configured parameters later never
 * locks anyone out, and a weaker stored hash is recognised and replaced on the next sign-in.
 * Strict on purpose: a stored string that is not exactly canonical parses to `undefined` (the caller answers
 * "no match"), so nothing odd from a database reaches the native hashing code. Web-compatible (atob/btoa).
 */

export interface Phc {
  id: string;
  /** The `$v=` segment (Argon2's version); absent for algorithms without one. */
  version?: number;
  /** In written order: the string round-trips byte for byte. */
  params: ReadonlyArray<readonly [name: string, value: string]>;
  salt: Uint8Array;
  hash: Uint8Array;
}

const ID = /^[a-z0-9-]{1,32}$/;
const PARAM = /^([a-z0-9-]{1,32})=([A-Za-z0-9/+.-]{1,64})$/;
/** PHC's decimal: no sign, no leading zero. Ten digits bounds it below 2^34, far above any parameter we accept. */
const DECIMAL = /^(0|[1-9][0-9]{0,9})$/;
/** The PHC spec's B64: standard alphabet, no padding. */
const B64 = /^[A-Za-z0-9+/]*$/;
const MAX_LENGTH = 512;

/** A PHC decimal as a number, or undefined when it is not one. */
export function phcDecimal(value: string | undefined): number | undefined {
  return value !== undefined && DECIMAL.test(value) ? Number(value) : undefined;
}

export function encodeB64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "");
}

/** Decodes canonical unpadded B64 only: a string whose unused trailing bits are not zero is refused. */
export function decodeB64(text: string): Uint8Array | undefined {
  if (!B64.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text + "=".repeat((4 - (text.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return encodeB64(bytes) === text ? bytes : undefined;
}

export function formatPhc(phc: Phc): string {
  let out = `$${phc.id}`;
  if (phc.version !== undefined) out += `$v=${phc.version}`;
  if (phc.params.length > 0) out += `$${phc.params.map(([name, value]) => `${name}=${value}`).join(",")}`;
  return `${out}$${encodeB64(phc.salt)}$${encodeB64(phc.hash)}`;
}

/** A PHC string with salt and hash, or undefined for anything else (never throws). */
export function parsePhc(text: unknown): Phc | undefined {
  if (typeof text !== "string" || text.length > MAX_LENGTH || !text.startsWith("$")) return undefined;
  const fields = text.slice(1).split("$");
  const id = fields.shift();
  if (id === undefined || !ID.test(id)) return undefined;
  let version: number | undefined;
  if (fields[0]?.startsWith("v=")) {
    version = phcDecimal(fields.shift()?.slice(2));
    if (version === undefined) return undefined;
  }
  let params: Array<readonly [string, string]> = [];
  if (fields.length === 3) {
    const parsed = parseParams(fields.shift() as string);
    if (parsed === undefined) return undefined;
    params = parsed;
  }
  if (fields.length !== 2) return undefined;
  const salt = decodeB64(fields[0] as string);
  const hash = decodeB64(fields[1] as string);
  if (salt === undefined || hash === undefined || salt.length === 0 || hash.length === 0) return undefined;
  return version === undefined ? { id, params, salt, hash } : { id, version, params, salt, hash };
}

function parseParams(segment: string): Array<readonly [string, string]> | undefined {
  const params: Array<readonly [string, string]> = [];
  const seen = new Set<string>();
  for (const pair of segment.split(",")) {
    const match = PARAM.exec(pair);
    if (!match || seen.has(match[1] as string)) return undefined;
    seen.add(match[1] as string);
    params.push([match[1] as string, match[2] as string]);
  }
  return params;
}

/** The parameters as numbers when they are exactly `names`, in that order, each a PHC decimal. */
export function numericParams<const N extends string>(phc: Phc, names: readonly N[]): Record<N, number> | undefined {
  if (phc.params.length !== names.length) return undefined;
  const out = {} as Record<N, number>;
  for (const [index, name] of names.entries()) {
    const [written, value] = phc.params[index] as readonly [string, string];
    const number = phcDecimal(value);
    if (written !== name || number === undefined) return undefined;
    out[name] = number;
  }
  return out;
}
