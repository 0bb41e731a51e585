-- A kiosk finds the customer on file by the digits of the phone typed (spaces, dashes and brackets aside):
-- without this index every kiosk rental read every customer.
CREATE INDEX customers_phone_digits_idx ON customers (regexp_replace(phone, '\D', '', 'g'), id)
  WHERE NOT is_anonymous;
