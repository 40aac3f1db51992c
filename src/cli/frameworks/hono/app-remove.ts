/**
 * The inverse of `mountHonoAuth` (app.ts): takes the handler's mount, the auth module's import and the env
 * loading it added back out of the entry module, as whole lines found where they are now, so every route,
 * middleware or comment the user wrote since stays. The forward transform only inserts, so removing its
 * lines (and the blank line each insertion brought) gives back the file it started from. When `forward` is
 * given (the same mountHonoAuth call init made), a candidate it maps back onto the current text wins: an
 * insertion next to a blank line the app already had looks the same as one that brought its own.
 * "unchanged" when nothing of ours is in the file.
 */
import { styledLine } from "../../edit/code-style.js";
import { type BlankSide, exactLine, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";

const MOUNT_COMMENT = /^\/\/ Auth routes under \S+ \(sign-in, callbacks, session, sign-out\).*added by create-auth\.$/;
const MOUNT = /^[\w$]+\.on\(\[["']GET["'], ["']POST["']\], ["'][^"']+\/\*["'], auth\.handler\);?$/;

const ENV_COMMENT =
  /^\/\/ Loads \S+ into process\.env at start \(AUTH_SECRET, provider settings\); added by create-auth\.$/;
const LOAD_ENV_FILE = [
  ENV_COMMENT,
  /^\/\/ Variables already set in the environment win; without the file \(as in production\) nothing happens\.$/,
  exactLine("try {"),
  styledLine("process.loadEnvFile();"),
  exactLine("} catch (error) {"),
  /^if \(\(?error(?: as NodeJS\.ErrnoException\))?\)?\.code !== ["']ENOENT["']\) throw error;?$/,
  exactLine("}"),
];
const DOTENV = [ENV_COMMENT, styledLine('import "dotenv/config";')];
const IMPORT = /^import \{ auth \} from ["']\.\/auth(?:\.[cm]?js)?["'];?$/;

type Step = { patterns: readonly RegExp[]; sides: BlankSide[] };

/** Each insertion, with the blank lines it may have brought, the likelier first. */
const STEPS: Step[] = [
  { patterns: [MOUNT_COMMENT, MOUNT], sides: ["before", "both", "none"] },
  { patterns: [MOUNT], sides: ["before", "both", "none"] },
  { patterns: LOAD_ENV_FILE, sides: ["before", "both", "after", "none"] },
  { patterns: DOTENV, sides: ["after", "both", "before", "none"] },
  { patterns: [IMPORT], sides: ["none"] },
];

/** Every text the removals can leave, the likeliest first. */
function candidates(source: string): string[] {
  let texts = [source];
  for (const step of STEPS) {
    texts = texts.flatMap((text) => {
      const variants = step.sides
        .map((side) => removeLineRun(text, step.patterns, side))
        .filter((variant): variant is string => variant !== null);
      return variants.length > 0 ? [...new Set(variants)] : [text];
    });
  }
  return texts;
}

export function unmountHonoAuth(source: string, forward?: (original: string) => TransformResult): TransformResult {
  const found = candidates(source);
  const first = found[0]!;
  if (first === source) return "unchanged";
  const exact = forward ? found.find((candidate) => forward(candidate) === source) : undefined;
  return exact ?? first;
}
