-- @portico/auth schema, version 2: keys split 2-of-3 so that a verified new device can sign.
-- The device that makes a key keeps share 1, `key_shares.share` is share 2 (released to that
-- device only), `key_shares.recovery_share` is share 3, sealed with the server's recovery key.
-- A device approved through the mailed link may fetch shares 2 and 3 once, rebuild the key in its
-- secure frame and split it again 2-of-2 for itself: its server half lives in device_key_shares.

-- The device approval link was opened and confirmed for this device (not just a code typed on it).
ALTER TABLE devices ADD COLUMN link_verified_at timestamptz;

-- The device that made the key (its share 2 is `share`), and share 3 sealed (AES-256-GCM).
ALTER TABLE key_shares ADD COLUMN device_hash text;
ALTER TABLE key_shares ADD COLUMN recovery_share bytea;

-- The server half of each further device's own 2-of-2 split of a key.
CREATE TABLE device_key_shares (
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  namespace   text NOT NULL,
  device_hash text NOT NULL,
  share       bytea NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, namespace, device_hash)
);
