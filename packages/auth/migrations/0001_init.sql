-- @portico/auth schema, version 1. Applied in order by the server at start-up (PGlite and
-- Postgres alike), each file once, recorded in portico_auth_migrations.
-- Times are timestamptz written by the server (never now()), so a test clock drives them.

CREATE TABLE users (
  id          text PRIMARY KEY,
  email       text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL
);

-- A device is a browser profile of the secure frame, known by the SHA-256 of the random id
-- the frame keeps in its own storage. Verified devices may receive key shares.
CREATE TABLE devices (
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash  text NOT NULL,
  verified_at  timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);

-- One row per code sent: email login, and the two steps of an email update.
CREATE TABLE otp_challenges (
  id           text PRIMARY KEY,
  purpose      text NOT NULL CHECK (purpose IN ('login', 'update_primary', 'update_secondary')),
  email        text NOT NULL,
  user_id      text REFERENCES users (id) ON DELETE CASCADE,
  device_hash  text NOT NULL,
  project_id   text NOT NULL,
  -- NULL while the challenge waits for a device approval (no code has been sent yet).
  code_hash    text,
  attempts     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  -- Email update: the address the user moves to.
  new_email    text,
  -- Email update: the challenge of the step before (primary -> secondary).
  parent_id    text
);
CREATE INDEX otp_challenges_email_idx ON otp_challenges (email, created_at);

-- Device approval links (one per login from an unknown device).
CREATE TABLE device_verifications (
  token_hash   text PRIMARY KEY,
  challenge_id text NOT NULL REFERENCES otp_challenges (id) ON DELETE CASCADE,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash  text NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  approved_at  timestamptz
);

-- The email cooldown lives in the database so that several servers share it.
CREATE TABLE email_cooldowns (
  email        text PRIMARY KEY,
  last_sent_at timestamptz NOT NULL
);

-- Sessions back the JWTs so that signing out revokes a token before it expires.
CREATE TABLE sessions (
  id           text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash  text NOT NULL,
  project_id   text NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- The server's Shamir share of each user key: opaque bytes, one key per user and namespace.
CREATE TABLE key_shares (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  namespace   text NOT NULL,
  address     text NOT NULL,
  share       bytea NOT NULL,
  created_at  timestamptz NOT NULL,
  UNIQUE (user_id, namespace)
);
