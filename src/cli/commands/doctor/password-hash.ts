/**
 * The password provider's hashing parameters, read from the auth module's syntax (nothing runs): each
 * `hash.argon2id` / `hash.scrypt` number the call to the provider sets is held to OWASP's row (Password
 * Storage Cheat Sheet: Argon2id m ≥ 19 MiB, t ≥ 2, p = 1; scrypt N ≥ 2^17, r ≥ 8, p = 1). Below the floor the
 * runtime refuses to start (PasswordHashConfigError); p ≠ 1 starts, but is not one of OWASP's rows.
 * A value the doctor cannot read (a variable, a call) is said, not guessed.
 */
import { ARGON2ID_DEFAULTS, ARGON2ID_FLOOR } from "../../../runtime/password/argon2id.js";
import { SCRYPT_DEFAULTS, SCRYPT_FLOOR } from "../../../runtime/password/scrypt.js";
import { type Finding, finding, ok } from "../../checks/finding.js";
import { type SyntaxNode, type Ts, unwrap } from "../../edit/ast.js";
import {
  findProperty,
  type ObjectLiteral,
  readAuthModule,
  referencesTo,
} from "../../providers/auth-providers-shape.js";

type Algorithm = "argon2id" | "scrypt";

/** Each parameter's rule: at least `floor`, or exactly `exactly` (the lanes). */
interface Rule {
  parameter: string;
  floor?: number;
  exactly?: number;
  /** How the value reads to a person (`19456 KiB (19 MiB)`). */
  say: (value: number) => string;
}

const kib = (value: number) => `${value} KiB${value % 1024 === 0 ? ` (${value / 1024} MiB)` : ""}`;
const plain = (value: number) => String(value);

const RULES: Record<Algorithm, Rule[]> = {
  argon2id: [
    { parameter: "memoryCost", floor: ARGON2ID_FLOOR.memoryCost, say: kib },
    { parameter: "timeCost", floor: ARGON2ID_FLOOR.timeCost, say: plain },
    { parameter: "parallelism", exactly: ARGON2ID_FLOOR.parallelism, say: plain },
  ],
  scrypt: [
    { parameter: "ln", floor: SCRYPT_FLOOR.ln, say: (value) => `${value} (N = 2^${value})` },
    { parameter: "r", floor: SCRYPT_FLOOR.r, say: plain },
    { parameter: "p", exactly: SCRYPT_FLOOR.p, say: plain },
  ],
};

const OWASP_ROW: Record<Algorithm, string> = {
  argon2id: "m ≥ 19456 KiB (19 MiB), t ≥ 2, p = 1",
  scrypt: "N ≥ 2^17 (ln ≥ 17), r ≥ 8, p = 1",
};

const DEFAULTS: Record<Algorithm, string> = {
  argon2id: `Argon2id at m = ${kib(ARGON2ID_DEFAULTS.memoryCost)}, t = ${ARGON2ID_DEFAULTS.timeCost}, p = ${ARGON2ID_DEFAULTS.parallelism}`,
  scrypt: `scrypt at N = 2^${SCRYPT_DEFAULTS.ln}, r = ${SCRYPT_DEFAULTS.r}, p = ${SCRYPT_DEFAULTS.p}`,
};

/** What one call to the provider sets: each parameter's value (a number, or the text of what is not one). */
export interface HashSettings {
  /** Parameters by algorithm, as written: a number, or `{ unread }` with the expression's text. */
  params: Partial<Record<Algorithm, Record<string, number | { unread: string }>>>;
  /** Set when the options or `hash` are not object literals: the text the doctor could not read. */
  unread?: string;
}

/** A number written as literals and arithmetic (`19 * 1024`, `2 ** 17`), or undefined. */
function numberOf(ts: Ts, node: SyntaxNode): number | undefined {
  const value = unwrap(ts, node);
  if (ts.isNumericLiteral(value)) return Number(value.text.replaceAll("_", ""));
  if (ts.isPrefixUnaryExpression(value) && value.operator === ts.SyntaxKind.MinusToken) {
    const operand = numberOf(ts, value.operand);
    return operand === undefined ? undefined : -operand;
  }
  if (ts.isBinaryExpression(value)) {
    const [left, right] = [numberOf(ts, value.left), numberOf(ts, value.right)];
    if (left === undefined || right === undefined) return undefined;
    switch (value.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return left * right;
      case ts.SyntaxKind.PlusToken:
        return left + right;
      case ts.SyntaxKind.MinusToken:
        return left - right;
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return left ** right;
      case ts.SyntaxKind.LessThanLessThanToken:
        return left << right;
      default:
        return undefined;
    }
  }
  return undefined;
}

function objectOf(ts: Ts, node: SyntaxNode | undefined): ObjectLiteral | undefined {
  if (node === undefined) return undefined;
  const value = unwrap(ts, node);
  return ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** The value a property assignment holds (undefined for a shorthand, a method, a spread). */
function assigned(ts: Ts, property: SyntaxNode | undefined): SyntaxNode | undefined {
  return property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
}

function readCall(ts: Ts, call: import("ts-morph").ts.CallExpression): HashSettings {
  const [argument] = call.arguments;
  if (argument === undefined) return { params: {} };
  const options = objectOf(ts, argument);
  if (!options) return { params: {}, unread: argument.getText() };
  const hashProperty = findProperty(ts, options, "hash");
  if (!hashProperty) return { params: {} };
  const hash = objectOf(ts, assigned(ts, hashProperty));
  if (!hash) return { params: {}, unread: hashProperty.getText() };
  const params: HashSettings["params"] = {};
  for (const algorithm of Object.keys(RULES) as Algorithm[]) {
    const property = findProperty(ts, hash, algorithm);
    if (!property) continue;
    const object = objectOf(ts, assigned(ts, property));
    if (!object) return { params, unread: property.getText() };
    const read: Record<string, number | { unread: string }> = {};
    for (const { parameter } of RULES[algorithm]) {
      const value = assigned(ts, findProperty(ts, object, parameter));
      if (value === undefined) continue;
      read[parameter] = numberOf(ts, value) ?? { unread: value.getText() };
    }
    params[algorithm] = read;
  }
  return { params };
}

/** Every call of the password provider's factory in the module (imported from …/providers/password). */
export function readHashSettings(source: string, fileName: string): HashSettings[] {
  const shape = readAuthModule(source, fileName);
  const { ts, tree } = shape;
  const factories = shape.imports.filter(
    (binding) => !binding.named && binding.specifier.endsWith("/providers/password"),
  );
  return factories.flatMap((binding) =>
    referencesTo(ts, tree, binding.local).flatMap((reference) => {
      const call = reference.parent;
      return ts.isCallExpression(call) && call.expression === reference ? [readCall(ts, call)] : [];
    }),
  );
}

/** What is wrong with one parameter's value, or null. */
function problem(rule: Rule, value: number): string | null {
  if (!Number.isSafeInteger(value)) return "not a whole number";
  if (rule.floor !== undefined && value < rule.floor) return `below the floor of ${rule.say(rule.floor)}`;
  if (rule.exactly !== undefined && value !== rule.exactly) return `not ${rule.exactly}`;
  return null;
}

export function checkPasswordHash(authSource: string, authPath: string): Finding[] {
  const findings: Finding[] = [];
  const calls = readHashSettings(authSource, authPath);
  for (const settings of calls) {
    if (settings.unread !== undefined) {
      findings.push(
        finding(
          "info",
          "password.hash-unread",
          `The password provider's options in ${authPath} are not written out (${settings.unread.slice(0, 80)}), so its hashing parameters were not checked.`,
          `keep hash at or above OWASP's row (Argon2id ${OWASP_ROW.argon2id}); the runtime refuses weaker ones when it starts`,
          authPath,
        ),
      );
      continue;
    }
    let weak = 0;
    for (const [algorithm, read] of Object.entries(settings.params) as [
      Algorithm,
      HashSettings["params"][Algorithm],
    ][]) {
      for (const rule of RULES[algorithm]) {
        const value = read?.[rule.parameter];
        const where = `hash.${algorithm}.${rule.parameter}`;
        if (value === undefined) continue;
        if (typeof value === "object") {
          findings.push(
            finding(
              "info",
              "password.hash-unread",
              `${where} in ${authPath} is ${value.unread.slice(0, 80)}, not a number written out, so it was not checked.`,
              `keep it at or above OWASP's row (${OWASP_ROW[algorithm]})`,
              authPath,
            ),
          );
          continue;
        }
        const wrong = problem(rule, value);
        if (wrong === null) continue;
        weak += 1;
        const refused = rule.exactly === undefined || value < rule.exactly || !Number.isSafeInteger(value);
        findings.push(
          finding(
            "error",
            "password.hash-weak",
            `${where} is ${rule.say(value)} in ${authPath}, ${wrong}: OWASP's row is ${OWASP_ROW[algorithm]}. ${refused ? "The runtime refuses to start with it (PasswordHashConfigError), so nobody signs in." : "The runtime accepts it, but every OWASP row uses one lane, and the package computes a hash's lanes on one thread anyway: more lanes only split the same memory."}`,
            `set ${where} to ${rule.exactly ?? `at least ${rule.say(rule.floor!)}`} in ${authPath}, or remove hash for the defaults (${DEFAULTS[algorithm]})`,
            authPath,
          ),
        );
      }
    }
    if (weak === 0 && !findings.some((found) => found.id === "password.hash-unread")) {
      const set = Object.keys(settings.params) as Algorithm[];
      findings.push(
        ok(
          "password.hash",
          set.length === 0
            ? `Password: hashed with the runtime's defaults (${DEFAULTS.argon2id}; ${DEFAULTS.scrypt} where @node-rs/argon2 cannot load).`
            : `Password: the hash parameters in ${authPath} (${set.join(", ")}) are at or above OWASP's row.`,
        ),
      );
    }
  }
  return findings;
}
