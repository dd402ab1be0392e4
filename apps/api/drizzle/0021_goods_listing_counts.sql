-- Each product counts its SKUs that are for sale (status not NotForSale, -1) and those that can be bought now
-- (ByBook 3 or InStock 4, or ByStock 1 with stock): the goods lists filter on the first and put the second first
-- (spec §4 'SKU stock status', §7 goods/list/), and with the counts as columns a page is an index scan rather than
-- a look at every product's SKUs. Triggers on skus keep them for every change, whoever makes it (an API process,
-- the command line, SQL by hand): each adds what the changed rows count now and takes off what they counted
-- before, so concurrent changes of one product's SKUs add up like any counter, and a change that crosses no line
-- (most stock changes: an order taking 2 of 40) writes nothing. The goods' rows are locked in id order, after the
-- SKUs' rows the statement changed, as every writer of stock locks them.
ALTER TABLE "goods" ADD COLUMN "skus_for_sale" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "skus_purchasable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION sku_for_sale(status smallint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (status <> -1)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION sku_purchasable(status smallint, stock integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (status IN (3, 4) OR (status = 1 AND stock > 0))::integer
$$;
--> statement-breakpoint
-- Adds each product's share of the changes; the plans of these PL/pgSQL functions are kept per connection, as an
-- order's statement fires them every time.
CREATE FUNCTION goods_listing_apply(ids integer[], fs integer[], ps integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
CREATE FUNCTION skus_listing_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_listing_apply(array_agg(n.goods_id), array_agg(sku_for_sale(n.status)),
    array_agg(sku_purchasable(n.status, n.stock)))
  FROM new_skus n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_listing_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_listing_apply(array_agg(c.goods_id), array_agg(c.f), array_agg(c.p))
  FROM (
    SELECT n.goods_id, sku_for_sale(n.status) AS f, sku_purchasable(n.status, n.stock) AS p FROM new_skus n
    UNION ALL
    SELECT o.goods_id, -sku_for_sale(o.status), -sku_purchasable(o.status, o.stock) FROM old_skus o
  ) c;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_listing_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_listing_apply(array_agg(o.goods_id), array_agg(-sku_for_sale(o.status)),
    array_agg(-sku_purchasable(o.status, o.stock)))
  FROM old_skus o;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_listing_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE goods SET skus_for_sale = 0, skus_purchasable = 0 WHERE skus_for_sale <> 0 OR skus_purchasable <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER skus_listing_inserted AFTER INSERT ON skus REFERENCING NEW TABLE AS new_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_listing_inserted();
--> statement-breakpoint
CREATE TRIGGER skus_listing_updated AFTER UPDATE ON skus REFERENCING OLD TABLE AS old_skus NEW TABLE AS new_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_listing_updated();
--> statement-breakpoint
CREATE TRIGGER skus_listing_deleted AFTER DELETE ON skus REFERENCING OLD TABLE AS old_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_listing_deleted();
--> statement-breakpoint
CREATE TRIGGER skus_listing_truncated AFTER TRUNCATE ON skus FOR EACH STATEMENT EXECUTE FUNCTION skus_listing_truncated();
--> statement-breakpoint
UPDATE goods g SET skus_for_sale = c.for_sale, skus_purchasable = c.purchasable
FROM (
  SELECT goods_id, sum(sku_for_sale(status))::integer AS for_sale,
    sum(sku_purchasable(status, stock))::integer AS purchasable
  FROM skus GROUP BY goods_id
) c
WHERE g.id = c.goods_id;--> statement-breakpoint
CREATE INDEX "goods_listed_idx" ON "goods" USING btree (("skus_purchasable" > 0) desc,"sort_weight" desc) WHERE "goods"."on_flag" and "goods"."skus_for_sale" > 0;
