-- A refusal with its detail: shop_refuse_unless(ok, code, detail) fails the statement like the two-argument form
-- (SQLSTATE SH001, the refusal's code as the message) and carries what it is about in the error's DETAIL field
-- (the id of the first SKU short of stock), so the code stays one of a fixed list (db/refusal.ts Refusal) and the
-- shop never parses the message.
CREATE FUNCTION shop_refuse_unless(ok boolean, code text, detail text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'SH001', MESSAGE = code, DETAIL = coalesce(detail, '');
  END IF;
  RETURN true;
END;
$$;
