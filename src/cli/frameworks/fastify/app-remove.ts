/**
 * The inverse of `mountFastifyAuth` (app.ts): takes the registration, the imports it needed and the env
 * loading it added back out of the app's module, as whole lines found where they are now, so every route,
 * hook or comment the user wrote since stays. The forward transform only inserts, so removing its lines (and
 * the blank line each insertion brought) gives back the file it started from. When `forward` is given (the
 * same mountFastifyAuth call init made), a candidate it maps back onto the current text wins: an insertion
 * next to a blank line the app already had looks the same as one that brought its own; after the user's
 * own edits, the candidate it adds as many lines to.
 * "unchanged" when nothing of ours is in the file.
 */
import { type BlankSide, escapeRegExp, type RemovalStep, removalCandidates } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";
import { DOTENV_LINES, LOAD_ENV_FILE_LINES } from "../server-env.js";
import { QUEUED_COMMENT, REGISTER_COMMENT } from "./app.js";

/** A comment of app.ts with its `{base}` / `{app}` holes open. */
function commentLine(template: string): RegExp {
  const holes = escapeRegExp(template)
    .replaceAll(escapeRegExp("{base}"), "\\S+")
    .replaceAll(escapeRegExp("{app}"), "[\\w$]+");
  return new RegExp(`^${holes}$`);
}

const REGISTER = /^(?:await )?[\w$]+\.register\(FastifyAuth\(authConfig\), \{ prefix: ["'][^"']+["'] \}\);?$/;

// The lines init wrote, in whatever style the file has (mountFastifyAuth renders them in it).
const IMPORTS = [
  /^import \{ FastifyAuth \} from ["']@create-auth\/runtime\/fastify["'];?$/,
  /^(?:const|var) \{ FastifyAuth \} = require\(["']@create-auth\/runtime\/fastify["']\);?$/,
  /^import \{ authConfig \} from ["']\.\/auth(?:\.[cm]?js)?["'];?$/,
  /^(?:const|var) \{ authConfig \} = require\(["']\.\/auth(?:\.[cm]?js)?["']\);?$/,
];

/** Each insertion, with the blank lines it may have brought, the likelier first. */
const STEPS: RemovalStep[] = [
  {
    patterns: [commentLine(REGISTER_COMMENT), commentLine(QUEUED_COMMENT), REGISTER],
    sides: ["before", "both", "none"],
  },
  { patterns: [commentLine(REGISTER_COMMENT), REGISTER], sides: ["before", "both", "none"] },
  { patterns: [REGISTER], sides: ["before", "both", "none"] },
  // After the imports (ESM) a blank line comes before it; before the code (CommonJS) one after it.
  { patterns: LOAD_ENV_FILE_LINES, sides: ["before", "after", "both", "none"] },
  { patterns: DOTENV_LINES, sides: ["both", "after", "before", "none"] },
  // Both imports after the file's own (none), or before its first statement with a blank line after them.
  { patterns: [IMPORTS[0]!, IMPORTS[2]!], sides: ["none", "after", "both"] },
  { patterns: [IMPORTS[1]!, IMPORTS[3]!], sides: ["after", "both", "none"] },
  ...IMPORTS.map((pattern) => ({ patterns: [pattern], sides: ["none"] as BlankSide[] })),
];

export function unmountFastifyAuth(source: string, forward?: (original: string) => TransformResult): TransformResult {
  const found = removalCandidates(source, STEPS);
  const first = found[0]!;
  if (first === source) return "unchanged";
  if (!forward) return first;
  const exact = found.find((candidate) => forward(candidate) === source);
  if (exact !== undefined) return exact;
  // The user edited the file since: the candidate init would insert as many lines into keeps their blank lines.
  const count = (text: string) => text.split("\n").length;
  const sameCount = found.find((candidate) => {
    const again = forward(candidate);
    return typeof again === "string" && again !== "unchanged" && count(again) === count(source);
  });
  return sameCount ?? first;
}
