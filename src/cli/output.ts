/**
 * Where the CLI's words go. Human output goes to stdout line by line; with --json, nothing but one JSON
 * object is printed on stdout (progress and installer output go to stderr), so scripts can parse it.
 */
export interface Output {
  readonly json: boolean;
  /** A line for people (suppressed in --json mode). */
  line(text?: string): void;
  /** The single JSON result (only in --json mode). */
  result(value: object): void;
}

export function createOutput(json: boolean, write: (text: string) => void): Output {
  return {
    json,
    line(text = "") {
      if (!json) write(`${text}\n`);
    },
    result(value) {
      if (json) write(`${JSON.stringify(value, null, 2)}\n`);
    },
  };
}
