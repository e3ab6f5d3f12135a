-- @portico/auth schema, version 4: social login (OpenID Connect / OAuth 2) and Sign In With
-- Farcaster. A social or Farcaster user may have no email address: the column becomes optional
-- (UNIQUE still holds for the addresses there are).
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;

-- Who a user is at a provider: one row per provider account, never moved to another user. The
-- subject is the provider's stable id (`sub`, the user endpoint's id, the Farcaster fid); the
-- username is what the provider shows (GitHub login, X handle, Farcaster username), refreshed at
-- every login.
CREATE TABLE social_identities (
  provider     text NOT NULL,
  subject      text NOT NULL,
  -- Deferred: a first login links the identity and creates its user in one transaction, the
  -- link first, so two first logins racing end at one user.
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  username     text NOT NULL,
  created_at   timestamptz NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_user_idx ON social_identities (user_id);

-- A social or Farcaster login in flight, bound to the device and project that started it. For a
-- social login: the hash of the `state` sent to the provider, the PKCE verifier and the nonce;
-- for Farcaster: the relay channel token and the nonce the signed message must carry. Consumed
-- once (`consumed_at`), whatever the outcome, so a replayed callback never logs in twice.
CREATE TABLE social_logins (
  id            text PRIMARY KEY,
  provider      text NOT NULL,
  state_hash    text UNIQUE,
  code_verifier text,
  nonce         text NOT NULL,
  channel_token text,
  device_hash   text NOT NULL,
  project_id    text NOT NULL,
  page_origin   text NOT NULL,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  consumed_at   timestamptz
);
CREATE INDEX social_logins_expires_idx ON social_logins (expires_at);
