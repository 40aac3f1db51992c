/**
 * Reads one IP address from text that a client may have written, strictly: dotted-decimal IPv4 (no leading
 * zeros, which some parsers read as octal, no shorthand like `127.1`), or IPv6 (RFC 4291 §2.2, through the URL
 * parser's host rules), optionally with a port in the forms proxies write (`1.2.3.4:80`, `[::1]:80`). Anything
 * else is no address. The answer is canonical (IPv6 compressed and lower-case, IPv4-mapped IPv6 as IPv4), so one
 * client cannot become many counters by spelling its address several ways.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARACTERS = /^[0-9a-fA-F:.]{2,45}$/;
const PORT = /^\d{1,5}$/;

/** The canonical form of an IP address literal (no port), or null. */
export function parseIp(text: string): string | null {
  if (IPV4.test(text)) return text;
  if (!text.includes(":") || !IPV6_CHARACTERS.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname;
  } catch {
    return null;
  }
  const canonical = host.slice(1, -1);
  // RFC 4291 §2.5.5.2: an IPv4-mapped address is that IPv4 client on a dual-stack socket.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = Number.parseInt(mapped[1] as string, 16);
    const low = Number.parseInt(mapped[2] as string, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return canonical;
}

/** Like parseIp, also accepting the port forms a proxy may write: `192.0.2.1:8080`, `[2001:db8::1]:8080`. */
export function parseIpWithPort(text: string): string | null {
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  if (bracketed) {
    const port = bracketed[2];
    if (port !== undefined && !PORT.test(port)) return null;
    return parseIp(bracketed[1] as string);
  }
  const colon = text.indexOf(":");
  // One colon is an IPv4 with its port; more is an unbracketed IPv6, read as is.
  if (colon !== -1 && colon === text.lastIndexOf(":")) {
    if (!PORT.test(text.slice(colon + 1))) return null;
    const address = text.slice(0, colon);
    return IPV4.test(address) ? address : null;
  }
  return parseIp(text);
}

/** The eight 16-bit groups of a canonical IPv6 address, as numbers. */
export function ipv6Groups(canonical: string): number[] {
  const [head = "", tail] = canonical.split("::") as [string, string | undefined];
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group, 16));
}
