-- A statement's own refusal: shop_refuse_unless(ok, reason) answers true when ok, and otherwise fails the
-- statement with SQLSTATE SH001 and `reason` as the message, so everything the statement wrote is undone. An
-- order is written by one statement outside any transaction block (workflows/place-order.ts): it takes the stock,
-- writes the order and removes the ordered cart lines, and refuses here when a SKU sold by stock is short
-- ('stock_short:<sku id>') or when another checkout removed the lines first ('cart_changed'). Its row locks are
-- then held for that statement and its commit only, with no round trip to the shop in between.
CREATE FUNCTION shop_refuse_unless(ok boolean, reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'SH001', MESSAGE = reason;
  END IF;
  RETURN true;
END;
$$;
