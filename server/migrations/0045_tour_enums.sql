-- Tour reservations (issue #20) are orders of type 'tour' whose seat lines point at one hidden seat product per
-- tour (kind 'tour'). Enum values cannot be used in the transaction that adds them, so they come alone.
ALTER TYPE order_type ADD VALUE IF NOT EXISTS 'tour';
ALTER TYPE product_kind ADD VALUE IF NOT EXISTS 'tour';
