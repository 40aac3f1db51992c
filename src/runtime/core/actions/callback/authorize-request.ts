/**
 * Whether a credentials `authorize(credentials, request)` can see its second argument. That Request is built
 * again from the body bytes already read (core/request.ts), and on undici each Request with a body costs a
 * stream and an abort signal: about a fifth of a whole sign-in's CPU, for the many `authorize`s that take the
 * credentials alone. Those are spared it; every other one gets the Request, as before.
 *
 * Decided once per function from what JavaScript tells of it, on the safe side: only a function whose source
 * shows at most one parameter, no rest parameter and no `arguments` (nor `eval`, which could name it) is
 * handed none. A second parameter (with or without a default, which `length` would not count), `...rest`, a
 * bound or native function whose source is hidden, or a parameter list this reader does not follow (a
 * comment, a template or a regular expression in it, a computed method name) all get the Request.
 */

const decided = new WeakMap<object, boolean>();

/** `async`, `function`, `*`, a plain name: what may stand before a parameter list's `(`. */
const BEFORE_PARAMETERS =
  /^(?:async\s+)?(?:function\b\s*)?\*?\s*(?:[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)?\s*$/u;
/** A single parameter without parentheses: `credentials => …`, `async credentials => …`. */
const BARE_PARAMETER_ARROW = /^(?:async\s+)?[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*\s*=>/u;
const MENTIONS_ARGUMENTS = /\b(?:arguments|eval)\b/;
const HIDDEN_SOURCE = /\{\s*\[native code\]\s*\}\s*$/;

/**
 * Whether the parameter list opening at `source[open]` has a second element or a rest element; true too when
 * it holds anything this scan does not follow (a comment, a template literal, a regular expression).
 */
function takesMoreThanOne(source: string, open: number): boolean {
  let depth = 0;
  let afterComma = false;
  for (let index = open; index < source.length; index++) {
    const char = source[index]!;
    if (char === "'" || char === '"') {
      const close = closingQuote(source, index);
      if (close === -1) return true;
      index = close;
      if (depth === 1 && afterComma) return true;
      continue;
    }
    if (char === "`" || char === "/") return true;
    if (char === "(" || char === "[" || char === "{") {
      if (depth === 1 && afterComma) return true;
      depth++;
      continue;
    }
    if (char === ")" || char === "]" || char === "}") {
      depth--;
      if (depth === 0) return false;
      continue;
    }
    if (depth !== 1 || /\s/.test(char)) continue;
    // Directly in the list: a rest element, or anything after a comma (a trailing comma alone is allowed).
    if (char === "." || afterComma) return true;
    if (char === ",") afterComma = true;
  }
  return true;
}

/** The index of the quote closing the string that opens at `source[open]`, or -1. */
function closingQuote(source: string, open: number): number {
  const quote = source[open];
  for (let index = open + 1; index < source.length; index++) {
    if (source[index] === "\\") index++;
    else if (source[index] === quote) return index;
  }
  return -1;
}

function readsRequest(authorize: (...args: never[]) => unknown): boolean {
  if (authorize.length > 1) return true;
  const source = Function.prototype.toString.call(authorize).trim();
  if (HIDDEN_SOURCE.test(source) || MENTIONS_ARGUMENTS.test(source)) return true;
  if (BARE_PARAMETER_ARROW.test(source)) return false;
  const open = source.indexOf("(");
  if (open === -1 || !BEFORE_PARAMETERS.test(source.slice(0, open))) return true;
  return takesMoreThanOne(source, open);
}

/** Whether `authorize` may read its second argument, decided once per function (see the module comment). */
export function authorizeReadsRequest(authorize: (...args: never[]) => unknown): boolean {
  let reads = decided.get(authorize);
  if (reads === undefined) {
    reads = readsRequest(authorize);
    decided.set(authorize, reads);
  }
  return reads;
}
