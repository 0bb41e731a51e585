-- Seat trigger fixes (issue #20 review). 1) The trigger nets each departure's change before locking: a status step
-- (DELIVER, RETURN, CLOSE) or a discount edit of a seat line writes the line out and back in (net 0), so it moves no
-- seat and takes no event lock (rent routes lock the order first, tour routes the event first: no deadlock).
-- 2) A private departure whose private order has no live seat lines left there (cancelled, moved away) is private no
-- more: the function clears private_order_id, and its check ignores such a stale or cancelled private order.

CREATE OR REPLACE FUNCTION tour_seats_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  clash record;
  net jsonb;
BEGIN
  -- each departure's and order's net change; nothing left means nothing to lock
  SELECT coalesce(jsonb_agg(jsonb_build_object('event_id', t.event_id, 'order_id', t.order_id, 'delta', t.delta)), '[]')
    INTO net
    FROM (SELECT (d->>'event_id')::bigint AS event_id, (d->>'order_id')::bigint AS order_id,
                 sum((d->>'delta')::int)::int AS delta
            FROM jsonb_array_elements(deltas) d GROUP BY 1, 2 HAVING sum((d->>'delta')::int) <> 0) t;
  IF net = '[]' THEN
    RETURN;
  END IF;
  PERFORM 1 FROM tour_events e
   WHERE e.id IN (SELECT (d->>'event_id')::bigint FROM jsonb_array_elements(net) d)
   ORDER BY e.id FOR NO KEY UPDATE;
  -- read after the lock: a private departure admits only its own reservation's seats, while that one holds any
  SELECT e.id INTO clash FROM tour_events e
    JOIN jsonb_array_elements(net) d ON (d->>'event_id')::bigint = e.id
   WHERE (d->>'delta')::int > 0 AND e.private_order_id IS NOT NULL
     AND e.private_order_id IS DISTINCT FROM (d->>'order_id')::bigint
     AND EXISTS (SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
                  WHERE oi.order_id = e.private_order_id AND oi.tour_event_id = e.id AND oi.status <> 'cancelled'
                    AND o.status NOT IN ('cancelled', 'pre-cancel'))
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'tour event % is private', clash.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tour_events_private';
  END IF;
  UPDATE tour_events e SET seats_taken = e.seats_taken + t.delta
    FROM (SELECT (d->>'event_id')::bigint AS event_id, sum((d->>'delta')::int)::int AS delta
          FROM jsonb_array_elements(net) d GROUP BY 1 HAVING sum((d->>'delta')::int) <> 0) t
   WHERE e.id = t.event_id;
  -- a private order that left its departure (cancelled, moved) frees it for everyone
  UPDATE tour_events e SET private_order_id = NULL, updated_at = now()
   WHERE e.id IN (SELECT (d->>'event_id')::bigint FROM jsonb_array_elements(net) d WHERE (d->>'delta')::int < 0)
     AND e.private_order_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM order_items oi
                      WHERE oi.order_id = e.private_order_id AND oi.tour_event_id = e.id AND oi.status <> 'cancelled');
END $$;

-- Departures held by a private order already cancelled or moved away before this migration.
UPDATE tour_events e SET private_order_id = NULL
 WHERE e.private_order_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM order_items oi
                    WHERE oi.order_id = e.private_order_id AND oi.tour_event_id = e.id AND oi.status <> 'cancelled');
