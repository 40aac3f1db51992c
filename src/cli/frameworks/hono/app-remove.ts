/**
 * The inverse of `mountHonoAuth` (app.ts): takes the handler's mount, the auth module's import and the env
 * loading it added back out of the entry module, as whole lines found where they are now, so every route,
 * middleware or comment the user wrote since stays. The forward transform only inserts, so removing its
 * lines (and the blank line each insertion brought) gives back the file it started from. When `forward` is
 * given (the same mountHonoAuth call init made), a candidate it maps back onto the current text wins: an
 * insertion next to a blank line the app already had looks the same as one that brought its own.
 * "unchanged" when nothing of ours is in the file.
 */
import { type RemovalStep, removalCandidates } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";
import { DOTENV_LINES, LOAD_ENV_FILE_LINES } from "../server-env.js";

const MOUNT_COMMENT = /^\/\/ Auth routes under \S+ \(sign-in, callbacks, session, sign-out\).*added by create-auth\.$/;
const MOUNT = /^[\w$]+\.on\(\[["']GET["'], ["']POST["']\], ["'][^"']+\/\*["'], auth\.handler\);?$/;

const IMPORT = /^import \{ auth \} from ["']\.\/auth(?:\.[cm]?js)?["'];?$/;

/** Each insertion, with the blank lines it may have brought, the likelier first. */
const STEPS: RemovalStep[] = [
  { patterns: [MOUNT_COMMENT, MOUNT], sides: ["before", "both", "none"] },
  { patterns: [MOUNT], sides: ["before", "both", "none"] },
  { patterns: LOAD_ENV_FILE_LINES, sides: ["before", "both", "after", "none"] },
  { patterns: DOTENV_LINES, sides: ["after", "both", "before", "none"] },
  { patterns: [IMPORT], sides: ["none"] },
];

export function unmountHonoAuth(source: string, forward?: (original: string) => TransformResult): TransformResult {
  const found = removalCandidates(source, STEPS);
  const first = found[0]!;
  if (first === source) return "unchanged";
  const exact = forward ? found.find((candidate) => forward(candidate) === source) : undefined;
  return exact ?? first;
}
