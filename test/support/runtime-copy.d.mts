/** A transpiled copy of src/runtime in a temporary directory, importable by a plain Node child process. */
export interface RuntimeCopy {
  /** Holds `index.js`, `express.js`, `adapters/…`, and a `node_modules` link to the repository's. */
  dir: string;
  /** Removes the directory. */
  close(): void;
}

export function copyRuntime(): RuntimeCopy;
