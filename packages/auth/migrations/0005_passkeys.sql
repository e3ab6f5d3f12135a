-- @portico/auth schema, version 5: passkeys (WebAuthn) and the recovery mode of each key.

-- A passkey registered by a signed-in user, through the secure frame (its origin is the relying
-- party). `counter` is the authenticator's signature counter: an assertion must raise it (when the
-- authenticator counts at all), so a cloned authenticator shows up.
CREATE TABLE passkeys (
  id           text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key   bytea NOT NULL,
  counter      bigint NOT NULL,
  transports   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- One row per WebAuthn ceremony: its random challenge, single use (consumed_at) and expiring.
-- `purpose`: register (signed in), login (a passkey alone), approve (approves the new device of an
-- email login waiting for its link; `login_challenge_id` names that login).
CREATE TABLE passkey_challenges (
  id                 text PRIMARY KEY,
  purpose            text NOT NULL CHECK (purpose IN ('register', 'login', 'approve')),
  challenge          text NOT NULL,
  user_id            text REFERENCES users (id) ON DELETE CASCADE,
  device_hash        text NOT NULL,
  project_id         text NOT NULL,
  login_challenge_id text,
  created_at         timestamptz NOT NULL,
  expires_at         timestamptz NOT NULL,
  consumed_at        timestamptz
);
CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);

-- How a key's recovery share is protected: 'operator-assisted' (sealed with the server's recovery
-- key: the operator can rebuild the key) or 'user-held' (encrypted in the frame with a secret only
-- the user holds; the server keeps ciphertext it cannot open). Keys stored before are the former.
ALTER TABLE key_shares ADD COLUMN recovery_mode text NOT NULL DEFAULT 'operator-assisted'
  CHECK (recovery_mode IN ('operator-assisted', 'user-held'));
