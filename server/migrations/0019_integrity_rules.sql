-- Rules that must hold under concurrency live in the database.

-- Refunds record the approval they were made under, so the L1/L2 levels can bound what is refunded on
-- an order in total: 0 without an approver, 1 a refund approver, 2 a manager. Earlier approved refunds
-- count as level 1 (the stricter reading).
ALTER TABLE refunds ADD COLUMN approval_level smallint NOT NULL DEFAULT 0 CHECK (approval_level BETWEEN 0 AND 2);
UPDATE refunds SET approval_level = 1 WHERE approved_by IS NOT NULL;
ALTER TABLE refunds ADD CONSTRAINT refunds_approval_needs_approver CHECK (approval_level = 0 OR approved_by IS NOT NULL);

-- Two top-level categories with one name were possible: NULL parents were distinct to the old rule.
ALTER TABLE categories DROP CONSTRAINT categories_parent_id_name_key;
ALTER TABLE categories ADD CONSTRAINT categories_parent_name_key UNIQUE NULLS NOT DISTINCT (parent_id, name);

-- Totals stay far below 2^53 (MAX_TOTAL_MINOR in shared/src/money.ts) so they read back exactly.
ALTER TABLE orders ADD CONSTRAINT orders_total_bound CHECK (total_minor BETWEEN -1000000000000000 AND 1000000000000000) NOT VALID;
ALTER TABLE orders VALIDATE CONSTRAINT orders_total_bound;

-- An export is claimed by the one runner that writes it, so a job delivered twice (a retry, a second
-- server) does not write the file twice; a claim left by a crashed process can be taken after 15 minutes.
ALTER TABLE exports ADD COLUMN started_at timestamptz, ADD COLUMN attempts integer NOT NULL DEFAULT 0;
