-- Per-user interface settings that follow the user across counter PCs (list column configuration).
CREATE TABLE user_settings (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key        text NOT NULL CHECK (key ~ '^[a-z0-9_.-]{1,64}$'),
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
