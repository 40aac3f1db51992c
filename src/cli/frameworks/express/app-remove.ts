/**
 * The inverse of `mountExpressAuth` (express-app.ts): takes the auth mount, the imports it needed and the
 * env loading it added back out of the app file, as whole lines found where they are now, so every route,
 * middleware or comment the user wrote since stays. The forward transform only inserts, so removing its
 * lines (and the blank line each insertion brought) gives back the file it started from. When `forward` is
 * given (the same mountExpressAuth call init made), a candidate it maps back onto the current text wins:
 * an insertion next to a blank line the app already had looks the same as one that brought its own.
 * "unchanged" when nothing of ours is in the file.
 */
import { type BlankSide, type RemovalStep, removalCandidates } from "../../edit/remove-lines.js";
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

/** Each insertion, with the blank lines it may have brought, the likelier first. */
const STEPS: RemovalStep[] = [
  { patterns: [...MOUNT_COMMENT, MOUNT], sides: ["before", "both", "none"] },
  { patterns: [MOUNT], sides: ["before", "both", "none"] },
  // After the imports (ESM) a blank line comes before it; before the code (CommonJS) one after it, and one
  // before it too under a header comment.
  { patterns: LOAD_ENV_FILE_LINES, sides: ["both", "before", "after", "none"] },
  { patterns: DOTENV_LINES, sides: ["both", "after", "before", "none"] },
  ...IMPORTS.map((pattern) => ({ patterns: [pattern], sides: ["none"] as BlankSide[] })),
];

export function unmountExpressAuth(source: string, forward?: (original: string) => TransformResult): TransformResult {
  const found = removalCandidates(source, STEPS);
  const first = found[0]!;
  if (first === source) return "unchanged";
  // Two originals can map onto the same text (the mount before a route with no blank line between, or one
  // with a blank line: init adds it in the first case). The likelier one comes first: the blank line kept.
  const exact = forward ? found.find((candidate) => forward(candidate) === source) : undefined;
  return exact ?? first;
}
