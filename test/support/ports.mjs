// Free loopback ports for test servers: ask the kernel for port 0, read what it gave, release it.
// Tests never use fixed ports, so parallel runs and other helpers' servers cannot collide with ours.
import net from "node:net";

/** Resolves a TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
