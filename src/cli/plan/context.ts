/**
 * What every planner reads through: the project's facts, the answers, the project's files, and what the
 * CLI brings (a fresh secret, the runtime it ships, its templates). Targets, database planners and the
 * engine take it; none of them looks anything up again.
 */

import type { ProjectReader } from "../project/reader.js";
import type { Answers, ProjectInfo } from "../project/types.js";

export interface PlanContext {
  info: ProjectInfo;
  answers: Answers;
  reader: ProjectReader;
  /** A fresh AUTH_SECRET, used only when the env file has none. */
  secret: string;
  runtime: RuntimeSource;
  /** Renders the target's `templates/<name>.hbs` (handlebars is loaded before planning starts). */
  render: (name: string, data: object) => string;
  /** Existing files the user has allowed us to overwrite. */
  overwrite: ReadonlySet<string>;
  /** The Node version the app is taken to run on (default: the one running the CLI, process.versions.node). */
  nodeVersion?: string;
}

/** The runtime this CLI ships (runtime-package/source.ts loads it from its own package). */
export interface RuntimeSource {
  version: string;
  /** Runtime files (`.js`, `.d.ts` and Svelte component sources), relative to dist/runtime, sorted. */
  files: { path: string; content: string }[];
  /** Ranges the runtime needs installed next to it (the CLI package's own ranges). */
  peerDependencies: Record<string, string>;
}
