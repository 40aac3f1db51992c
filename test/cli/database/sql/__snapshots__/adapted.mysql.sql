-- Auth tables for mysql, written by create-auth from its table model, adapted to the app's own users table:
-- users is kept with its rows (not created here); it gains the columns the adapter writes that it lacks
-- (nullable) and a unique index on email where it has none; every user_id is typed like users.id.
-- create-auth users: id integer; sign-up fills name
-- Dates are DATETIME(3) in the connection's time zone (InnoDB, MySQL or MariaDB).

ALTER TABLE users ADD COLUMN email_verified DATETIME(3);

ALTER TABLE users ADD COLUMN image TEXT;

CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE IF NOT EXISTS accounts (
  user_id INT NOT NULL,
  type VARCHAR(32) NOT NULL,
  provider VARCHAR(255) NOT NULL,
  provider_account_id VARCHAR(255) NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  token_type VARCHAR(255),
  scope TEXT,
  id_token TEXT,
  session_state TEXT,
  CONSTRAINT accounts_pkey PRIMARY KEY (provider, provider_account_id),
  INDEX accounts_user_id_idx (user_id),
  CONSTRAINT accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS sessions (
  session_token VARCHAR(255) NOT NULL,
  user_id INT NOT NULL,
  expires DATETIME(3) NOT NULL,
  CONSTRAINT sessions_pkey PRIMARY KEY (session_token),
  INDEX sessions_user_id_idx (user_id),
  CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS verification_tokens (
  identifier VARCHAR(255) NOT NULL,
  token VARCHAR(255) NOT NULL,
  expires DATETIME(3) NOT NULL,
  CONSTRAINT verification_tokens_pkey PRIMARY KEY (identifier, token)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS authenticators (
  credential_id VARCHAR(512) NOT NULL,
  user_id INT NOT NULL,
  provider_account_id VARCHAR(255) NOT NULL,
  credential_public_key TEXT NOT NULL,
  counter BIGINT NOT NULL,
  credential_device_type VARCHAR(32) NOT NULL,
  credential_backed_up BOOLEAN NOT NULL,
  transports VARCHAR(255),
  CONSTRAINT authenticators_pkey PRIMARY KEY (credential_id),
  INDEX authenticators_user_id_idx (user_id),
  CONSTRAINT authenticators_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
