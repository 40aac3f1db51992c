-- Auth tables for postgres, written by create-auth from its table model: what the migrations before this one do not create yet.
-- Dates are TIMESTAMPTZ; the 64-bit integers (expires_at, counter) are BIGINT.

CREATE TABLE IF NOT EXISTS authenticators (
  credential_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  provider_account_id TEXT NOT NULL,
  credential_public_key TEXT NOT NULL,
  counter BIGINT NOT NULL,
  credential_device_type TEXT NOT NULL,
  credential_backed_up BOOLEAN NOT NULL,
  transports TEXT,
  CONSTRAINT authenticators_pkey PRIMARY KEY (credential_id),
  CONSTRAINT authenticators_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
);

CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators (user_id);
