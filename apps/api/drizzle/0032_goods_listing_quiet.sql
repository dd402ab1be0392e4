-- A change of stock that moves no product's listing counts (a SKU's stock from 5 to 6) no longer runs an UPDATE of
-- goods that touches no row: that empty statement still fired goods_changed, so every stock edit announced a change
-- of goods and each API process dropped the checkout settings it keeps (the promotions' gift products).
CREATE OR REPLACE FUNCTION goods_listing_apply(ids integer[], fs integer[], ps integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM unnest(ids, fs, ps) AS x(goods_id, f, p)
    GROUP BY x.goods_id
    HAVING sum(x.f) <> 0 OR sum(x.p) <> 0
  ) THEN
    RETURN;
  END IF;
  WITH d AS (
    SELECT x.goods_id, sum(x.f)::integer AS f, sum(x.p)::integer AS p
    FROM unnest(ids, fs, ps) AS x(goods_id, f, p)
    GROUP BY x.goods_id
    HAVING sum(x.f) <> 0 OR sum(x.p) <> 0
  ),
  locked AS (
    SELECT g.id FROM goods g WHERE g.id IN (SELECT d.goods_id FROM d) ORDER BY g.id FOR NO KEY UPDATE
  )
  UPDATE goods g SET skus_for_sale = g.skus_for_sale + d.f, skus_purchasable = g.skus_purchasable + d.p
  FROM d JOIN locked l ON l.id = d.goods_id
  WHERE g.id = d.goods_id;
END;
$$;
