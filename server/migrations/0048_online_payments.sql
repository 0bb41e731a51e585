-- Online payment (issue #20): a customer pays a balance on the participant page through a payment provider
-- (Stripe, or the built-in test provider). The provider's webhook records the payment exactly once.
CREATE TABLE online_payment_intents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
  provider_ref text NOT NULL CHECK (length(provider_ref) BETWEEN 1 AND 255),
  order_id bigint NOT NULL REFERENCES orders(id),
  location_id integer NOT NULL REFERENCES locations(id),
  amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 100000000000),
  currency char(3) NOT NULL,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'processing', 'succeeded', 'failed', 'canceled')),
  -- handed to the payer's browser only, for the provider's payment form
  client_secret text CHECK (length(client_secret) <= 500),
  failure_message text CHECK (length(failure_message) <= 500),
  payment_id bigint CONSTRAINT online_payment_intents_payment_key UNIQUE REFERENCES payments(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT online_payment_intents_ref_key UNIQUE (provider, provider_ref),
  CHECK ((status = 'succeeded') = (payment_id IS NOT NULL))
);
CREATE INDEX online_payment_intents_order_idx ON online_payment_intents (order_id, created_at DESC);

-- Every provider event seen, so a replayed webhook is a no-op.
CREATE TABLE payment_provider_events (
  provider text NOT NULL,
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
  type text NOT NULL CHECK (length(type) <= 100),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Public endpoints count hits per bucket (an IP, a token, a code) in fixed one-minute windows, in the database so
-- the limit holds across server processes. Old windows are deleted by a scheduled job.
CREATE TABLE public_rate_limits (
  bucket text NOT NULL CHECK (length(bucket) <= 200),
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 1,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX public_rate_limits_window_idx ON public_rate_limits (window_start);
