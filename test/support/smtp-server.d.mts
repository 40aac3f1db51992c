// Types for the plain-JavaScript loopback SMTP server in smtp-server.mjs.
export interface ReceivedMessage {
  raw: string;
  /** Unfolded headers, names lower-cased. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  /** The decoded text/plain part, if any. */
  text: string | undefined;
  /** The decoded text/html part, if any. */
  html: string | undefined;
  envelope: { from: string; to: string[] };
}

export interface SmtpServer {
  port: number;
  /** `smtp://127.0.0.1:<port>`: a nodemailer `server` value. */
  url: string;
  /** Every accepted message, in arrival order. */
  messages: ReceivedMessage[];
  setRefuseRecipients(value: boolean): void;
  close(): Promise<void>;
}

export function startSmtpServer(options?: { refuseRecipients?: boolean }): Promise<SmtpServer>;

export function parseMessage(raw: string): Omit<ReceivedMessage, "envelope">;
