-- Inventory reports (issue 7): the maintenance report's period section reads services and closed repairs
-- of one location in a date range without walking the whole audit log or every repair.
CREATE INDEX audit_log_item_serviced_idx ON audit_log (location_id, at)
  WHERE entity_type = 'item' AND action = 'serviced';
CREATE INDEX repair_logs_loc_closed_idx ON repair_logs (location_id, closed_at) WHERE status = 'closed';
