-- @portico/auth schema, version 3: the per-client request limit moves from each process's memory
-- into the database, so several servers behind one load balancer share one budget per client.
-- One row per client and route group; `key` is an HMAC of both (no address is stored in the clear).
CREATE TABLE rate_limits (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

-- The periodic purge deletes by expiry: index the columns it reads.
CREATE INDEX otp_challenges_expires_idx ON otp_challenges (expires_at);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX email_cooldowns_sent_idx ON email_cooldowns (last_sent_at);
