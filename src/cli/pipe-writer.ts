/**
 * Where the CLI's words go on the real machine: a writer to stdout or stderr that survives a reader going
 * away. Its own module so main.ts can print the fast answers (root help, version, `secret --raw`) without
 * loading the Host and what it imports (start-up time).
 */

/**
 * Writes to `stream` until its reader goes away. A reader that stops early (`create-auth init --help | head
 * -1`) closes the pipe: Node then emits EPIPE, and the rest of the output has nobody to read it. The command
 * goes on to its end quietly (an apply is never cut short by a closed pipe); anything else is still thrown.
 */
export function pipeWriter(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}
