-- Auth tables for sqlite, written by create-auth from its table model. Safe to run more than once.
-- Dates are INTEGER milliseconds since the epoch; booleans are 0/1. Needs SQLite >= 3.37 (STRICT tables).

CREATE TABLE IF NOT EXISTS users (
  id TEXT NOT NULL,
  name TEXT,
  email TEXT,
  email_verified INTEGER,
  image TEXT,
  CONSTRAINT users_pkey PRIMARY KEY (id),
  CONSTRAINT users_email_key UNIQUE (email)
) STRICT;

CREATE TABLE IF NOT EXISTS accounts (
  user_id TEXT NOT NULL,
  type TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_account_id TEXT NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at INTEGER,
  token_type TEXT,
  scope TEXT,
  id_token TEXT,
  session_state TEXT,
  CONSTRAINT accounts_pkey PRIMARY KEY (provider, provider_account_id),
  CONSTRAINT accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) STRICT;

CREATE INDEX IF NOT EXISTS accounts_user_id_idx ON accounts (user_id);

CREATE TABLE IF NOT EXISTS sessions (
  session_token TEXT NOT NULL,
  user_id TEXT NOT NULL,
  expires INTEGER NOT NULL,
  CONSTRAINT sessions_pkey PRIMARY KEY (session_token),
  CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) STRICT;

CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions (user_id);

CREATE TABLE IF NOT EXISTS verification_tokens (
  identifier TEXT NOT NULL,
  token TEXT NOT NULL,
  expires INTEGER NOT NULL,
  CONSTRAINT verification_tokens_pkey PRIMARY KEY (identifier, token)
) STRICT;

CREATE TABLE IF NOT EXISTS authenticators (
  credential_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  provider_account_id TEXT NOT NULL,
  credential_public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  credential_device_type TEXT NOT NULL,
  credential_backed_up INTEGER NOT NULL,
  transports TEXT,
  CONSTRAINT authenticators_pkey PRIMARY KEY (credential_id),
  CONSTRAINT authenticators_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) STRICT;

CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators (user_id);
