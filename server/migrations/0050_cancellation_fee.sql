-- Tour cancellation with a fee (issue #20, design D6): what a cancelled order keeps of the money paid as its
-- cancellation fee (the original invoice credited down to it). A paid order waits in pre-cancel until refunded
-- down to it. The CHECK is added NOT VALID then validated: the scan takes no lock that blocks writes.
ALTER TABLE orders ADD COLUMN cancellation_fee_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_cancellation_fee_bound
  CHECK (cancellation_fee_minor BETWEEN 0 AND 100000000000) NOT VALID;
ALTER TABLE orders VALIDATE CONSTRAINT orders_cancellation_fee_bound;

-- The fee level a reservation carried when it was moved: moving away from a departure close to its start must
-- not escape the fee that applied there, so a later cancel charges at least this share (basis points).
ALTER TABLE tour_reservations ADD COLUMN min_fee_bp integer NOT NULL DEFAULT 0;
ALTER TABLE tour_reservations ADD CONSTRAINT tour_reservations_min_fee_bp
  CHECK (min_fee_bp BETWEEN 0 AND 10000) NOT VALID;
ALTER TABLE tour_reservations VALIDATE CONSTRAINT tour_reservations_min_fee_bp;
