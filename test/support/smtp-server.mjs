// A real SMTP server on loopback (smtp-server) that keeps every message it accepts, decoded just enough to
// read: headers, the text and HTML parts (quoted-printable with its soft line breaks, or base64), and the
// envelope. Tests send through nodemailer to it exactly as an app sends to its mail relay.
import { SMTPServer } from "smtp-server";
import { SMTPConnection } from "smtp-server/lib/smtp-connection.js";
import { freePort } from "./ports.mjs";

/**
 * smtp-server holds every new connection 100 ms before it greets (`SMTPConnection#init`: a wait to catch spam
 * clients that talk before the greeting). The runtime opens one connection per sign-in email, so the suites
 * paid that wait on every mail they sent; this server greets at once. Everything from the greeting on is
 * smtp-server's own. Built from smtp-server 3's connection internals: the one place to mend on an upgrade.
 */
class PromptSMTPServer extends SMTPServer {
  connect(socket, socketOptions) {
    const connection = new SMTPConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on("error", (error) => this._onError(error));
    connection.on("connect", (data) => this._onClientConnect(data));
    connection._setListeners(() => connection.connectionReady());
  }
}

/** Splits a MIME entity into its unfolded headers (lower-case names) and its body. */
function splitEntity(raw) {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? "" : raw.slice(separator).replace(/^\r?\n\r?\n/, "");
  const headers = {};
  // RFC 5322 §2.2.3: a line starting with whitespace continues the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** RFC 2045 §6.7: `=` at a line end is a soft break; `=XX` is a byte. */
function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes = [];
  for (let index = 0; index < joined.length; index++) {
    const character = joined[index];
    const hex = joined.slice(index + 1, index + 3);
    if (character === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(character, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(headers, body) {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** RFC 2047 encoded words in a header (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeHeader(value) {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, kind, text) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Collects the text/plain and text/html leaves of a (possibly nested multipart) entity. */
function collectParts(raw, into) {
  const { headers, body } = splitEntity(raw);
  const contentType = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`);
    // Before the first delimiter is the preamble; after the closing `--boundary--` the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectParts(section.replace(/^\r?\n/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(headers, body);
  if (/^text\/html/i.test(contentType)) into.html = decoded;
  else if (/^text\/plain/i.test(contentType)) into.text = decoded;
}

export function parseMessage(raw) {
  const { headers } = splitEntity(raw);
  const parts = { text: undefined, html: undefined };
  collectParts(raw, parts);
  return {
    raw,
    headers,
    subject: decodeHeader(headers.subject ?? ""),
    from: headers.from ?? "",
    to: headers.to ?? "",
    text: parts.text,
    html: parts.html,
  };
}

/**
 * Starts the server on 127.0.0.1 (no TLS, no authentication). `refuseRecipients: true` answers every
 * RCPT TO with 550, as a relay that will not deliver does.
 */
export async function startSmtpServer(options = {}) {
  const port = await freePort();
  const messages = [];
  let refuseRecipients = Boolean(options.refuseRecipients);
  const server = new PromptSMTPServer({
    authOptional: true,
    // The client is always this process on 127.0.0.1: asking DNS for its name only costs time.
    disableReverseLookup: true,
    // Without STARTTLS nodemailer stays on plain text (its opportunistic upgrade would meet a self-signed cert).
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuseRecipients) return callback();
      const error = new Error(`Mailbox unavailable: ${address.address}`);
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const message = parseMessage(Buffer.concat(chunks).toString("utf8"));
        message.envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        messages.push(message);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setRefuseRecipients(value) {
      refuseRecipients = value;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
