/** The line terminator a file already uses, so an edit writes its lines as the file's own. */

/** The line terminator the file already uses (CRLF wins when any line has it), LF for new files. */
export function detectEol(source: string): string {
  return source.includes("\r\n") ? "\r\n" : "\n";
}
