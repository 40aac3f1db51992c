import { type BlankSide, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";
import { DOTENV_LINES, LOAD_ENV_FILE_LINES } from "../server-env.js";

const MOUNT_COMMENT = /^\/\/ Auth routes under \S+ \(sign-in, callbacks, session, sign-out\).*added by create-auth\.$/;
const MOUNT = /^[\w$]+\.on\(\[["']GET["'], ["']POST["']\], ["'][^"']+\/\*["'], auth\.handler\);?$/;

const IMPORT = /^import \{ auth \} from ["']\.\/auth(?:\.[cm]?js)?["'];?$/;

type Step = { patterns: readonly RegExp[]; sides: BlankSide[] };

/** Each insertion, with the blank lines it may have brought, the likelier first. */
const STEPS: Step[] = [
  { patterns: [MOUNT_COMMENT, MOUNT], sides: ["before", "both", "none"] },
  { patterns: [MOUNT], sides: ["before", "both", "none"] },
  { patterns: LOAD_ENV_FILE_LINES, sides: ["before", "both", "after", "none"] },
  { patterns: DOTENV_LINES, sides: ["after", "both", "before", "none"] },
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
