import { type BlankSide, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";
import { DOTENV_LINES, LOAD_ENV_FILE_LINES } from "../server-env.js";

const MOUNT_COMMENT = [
  /^\/\/ Auth routes under \S+ \(sign-in, callbacks, session, sign-out\).*added by create-auth\.$/,
  /^\/\/ Behind a reverse proxy that terminates HTTPS, also call \w+\.set\(["']trust proxy["'], 1\)/,
  /^\/\/ first: Express then reports https, and the session cookie gets the Secure flag\.$/,
];
const MOUNT = /^[\w$]+\.use\(["'][^"']+["'], ExpressAuth\(authConfig\)\);?$/;

// The lines init wrote, in whatever style the file has (mountExpressAuth renders them in it).
const IMPORTS = [
  /^import \{ ExpressAuth \} from ["']@create-auth\/runtime\/express["'];?$/,
  /^(?:const|var) \{ ExpressAuth \} = require\(["']@create-auth\/runtime\/express["']\);?$/,
  /^import \{ authConfig \} from ["']\.\/auth(?:\.[cm]?js)?["'];?$/,
  /^(?:const|var) \{ authConfig \} = require\(["']\.\/auth(?:\.[cm]?js)?["']\);?$/,
];

type Step = { patterns: readonly RegExp[]; sides: BlankSide[] };

/** Each insertion, with the blank lines it may have brought, the likelier first. */
const STEPS: Step[] = [
  { patterns: [...MOUNT_COMMENT, MOUNT], sides: ["before", "both", "none"] },
  { patterns: [MOUNT], sides: ["before", "both", "none"] },
  // After the imports (ESM) a blank line comes before it; before the code (CommonJS) one after it, and one
  // before it too under a header comment.
  { patterns: LOAD_ENV_FILE_LINES, sides: ["both", "before", "after", "none"] },
  { patterns: DOTENV_LINES, sides: ["both", "after", "before", "none"] },
  ...IMPORTS.map((pattern) => ({ patterns: [pattern], sides: ["none"] as BlankSide[] })),
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

export function unmountExpressAuth(source: string, forward?: (original: string) => TransformResult): TransformResult {
  const found = candidates(source);
  const first = found[0]!;
  if (first === source) return "unchanged";
  // Two originals can map onto the same text (the mount before a route with no blank line between, or one
  // with a blank line: init adds it in the first case). The likelier one comes first: the blank line kept.
  const exact = forward ? found.find((candidate) => forward(candidate) === source) : undefined;
  return exact ?? first;
}
