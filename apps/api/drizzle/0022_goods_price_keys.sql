-- The goods lists' Price sort reads each product's key at the caller's level from goods_price_keys, with an index
-- per currency and direction, instead of working out every matching product's listed SKU and its price on every
-- page (spec §7 goods/list/; the one rule of priceAtLevel in catalogue.repository.ts). Triggers keep the keys for
-- every writer (an API process, the command line, SQL by hand):
--  - skus: a SKU added, removed, moved, or whose status, sort or purchasability changed (most stock changes, an
--    order taking 2 of 40, change none of these and write nothing here);
--  - sku_prices: any price of a product's SKUs; a level priced for the first time gets keys for every product;
--  - exchange_rates: the AUD→CNY rate converts a price missing in one currency.
-- A refresh locks the goods' rows in id order, after the SKUs' rows its statement changed, as every writer of
-- stock locks them, then reads the SKUs and prices again: two transactions changing one product's SKUs refresh its
-- keys one after the other, the second from what the first committed.
CREATE TABLE "goods_price_keys" (
	"level" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"aud" bigint,
	"cny" bigint,
	"sort_aud" bigint,
	"sort_cny" bigint,
	CONSTRAINT "goods_price_keys_pkey" PRIMARY KEY("level","goods_id")
);
--> statement-breakpoint
CREATE TABLE "price_levels" (
	"level" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_price_keys" ADD CONSTRAINT "goods_price_keys_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_price_keys_goods_idx" ON "goods_price_keys" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "goods_price_keys_aud_asc_idx" ON "goods_price_keys" USING btree ("level","sort_aud" asc nulls last,"goods_id" desc);--> statement-breakpoint
CREATE INDEX "goods_price_keys_aud_desc_idx" ON "goods_price_keys" USING btree ("level","sort_aud" desc nulls last,"goods_id" desc);--> statement-breakpoint
CREATE INDEX "goods_price_keys_cny_asc_idx" ON "goods_price_keys" USING btree ("level","sort_cny" asc nulls last,"goods_id" desc);--> statement-breakpoint
CREATE INDEX "goods_price_keys_cny_desc_idx" ON "goods_price_keys" USING btree ("level","sort_cny" desc nulls last,"goods_id" desc);
--> statement-breakpoint
CREATE FUNCTION goods_price_keys_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  aud_cny numeric;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM goods g WHERE g.id = ANY(ids) ORDER BY g.id FOR NO KEY UPDATE;
  -- Shared with other refreshes; a rate change waits for them, and they for it, so no key keeps the old rate.
  SELECT r.rate INTO aud_cny FROM exchange_rates r WHERE r.base = 'AUD' AND r.quote = 'CNY' FOR SHARE;
  DELETE FROM goods_price_keys k WHERE k.goods_id = ANY(ids);
  INSERT INTO goods_price_keys (level, goods_id, aud, cny, sort_aud, sort_cny)
  SELECT v.level, l.goods_id, p.aud, p.cny,
    coalesce(p.aud, round(p.cny / aud_cny)), coalesce(p.cny, round(p.aud * aud_cny))
  FROM (
    SELECT DISTINCT ON (s.goods_id) s.goods_id, s.id
    FROM skus s
    WHERE s.goods_id = ANY(ids) AND s.status <> -1
    ORDER BY s.goods_id, sku_purchasable(s.status, s.stock) DESC, s.sort, s.id
  ) l
  CROSS JOIN price_levels v
  CROSS JOIN LATERAL (
    SELECT
      coalesce(max(sp.amount) FILTER (WHERE sp.currency = 'AUD' AND sp.level = v.level),
        max(sp.amount) FILTER (WHERE sp.currency = 'AUD' AND sp.level = 37)) AS aud,
      coalesce(max(sp.amount) FILTER (WHERE sp.currency = 'CNY' AND sp.level = v.level),
        max(sp.amount) FILTER (WHERE sp.currency = 'CNY' AND sp.level = 37)) AS cny
    FROM sku_prices sp
    WHERE sp.sku_id = l.id AND sp.level IN (v.level, 37)
  ) p;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_price_keys_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_price_keys_refresh(array_agg(DISTINCT n.goods_id)) FROM new_skus n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_price_keys_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_price_keys_refresh(array_agg(DISTINCT c.goods_id))
  FROM (
    SELECT n.goods_id, o.goods_id AS old_goods_id
    FROM new_skus n JOIN old_skus o ON o.id = n.id
    WHERE n.goods_id <> o.goods_id OR n.status <> o.status OR n.sort <> o.sort
      OR sku_purchasable(n.status, n.stock) <> sku_purchasable(o.status, o.stock)
  ) d
  CROSS JOIN LATERAL (VALUES (d.goods_id), (d.old_goods_id)) c(goods_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_price_keys_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_price_keys_refresh(array_agg(DISTINCT o.goods_id)) FROM old_skus o;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skus_price_keys_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM goods_price_keys;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The goods of the SKUs whose prices changed; every product when a level is priced for the first time.
CREATE FUNCTION sku_prices_price_keys_changed(skus_changed integer[], levels integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  WITH inserted AS (
    INSERT INTO price_levels (level) SELECT DISTINCT x FROM unnest(levels) x ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT count(*) INTO added FROM inserted;
  IF added > 0 THEN
    PERFORM goods_price_keys_refresh(array_agg(g.id)) FROM goods g WHERE g.skus_for_sale > 0;
  ELSE
    PERFORM goods_price_keys_refresh(array_agg(DISTINCT s.goods_id)) FROM skus s WHERE s.id = ANY(skus_changed);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sku_prices_price_keys_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sku_prices_price_keys_changed(array_agg(n.sku_id), array_agg(n.level)) FROM new_prices n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sku_prices_price_keys_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sku_prices_price_keys_changed(array_agg(c.sku_id), array_agg(c.level))
  FROM (SELECT n.sku_id, n.level FROM new_prices n UNION ALL SELECT o.sku_id, o.level FROM old_prices o) c;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sku_prices_price_keys_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_price_keys_refresh(array_agg(DISTINCT s.goods_id))
  FROM skus s WHERE s.id IN (SELECT o.sku_id FROM old_prices o);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sku_prices_price_keys_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM goods_price_keys_refresh(array_agg(g.id)) FROM goods g WHERE g.skus_for_sale > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION exchange_rates_price_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aud_cny numeric;
BEGIN
  SELECT r.rate INTO aud_cny FROM exchange_rates r WHERE r.base = 'AUD' AND r.quote = 'CNY';
  UPDATE goods_price_keys k
  SET sort_aud = coalesce(k.aud, round(k.cny / aud_cny)), sort_cny = coalesce(k.cny, round(k.aud * aud_cny))
  WHERE (k.aud IS NULL OR k.cny IS NULL)
    AND (k.sort_aud IS DISTINCT FROM coalesce(k.aud, round(k.cny / aud_cny))
      OR k.sort_cny IS DISTINCT FROM coalesce(k.cny, round(k.aud * aud_cny)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER skus_price_keys_inserted AFTER INSERT ON skus REFERENCING NEW TABLE AS new_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_price_keys_inserted();
--> statement-breakpoint
CREATE TRIGGER skus_price_keys_updated AFTER UPDATE ON skus REFERENCING OLD TABLE AS old_skus NEW TABLE AS new_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_price_keys_updated();
--> statement-breakpoint
CREATE TRIGGER skus_price_keys_deleted AFTER DELETE ON skus REFERENCING OLD TABLE AS old_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_price_keys_deleted();
--> statement-breakpoint
CREATE TRIGGER skus_price_keys_truncated AFTER TRUNCATE ON skus FOR EACH STATEMENT EXECUTE FUNCTION skus_price_keys_truncated();
--> statement-breakpoint
CREATE TRIGGER sku_prices_price_keys_inserted AFTER INSERT ON sku_prices REFERENCING NEW TABLE AS new_prices FOR EACH STATEMENT EXECUTE FUNCTION sku_prices_price_keys_inserted();
--> statement-breakpoint
CREATE TRIGGER sku_prices_price_keys_updated AFTER UPDATE ON sku_prices REFERENCING OLD TABLE AS old_prices NEW TABLE AS new_prices FOR EACH STATEMENT EXECUTE FUNCTION sku_prices_price_keys_updated();
--> statement-breakpoint
CREATE TRIGGER sku_prices_price_keys_deleted AFTER DELETE ON sku_prices REFERENCING OLD TABLE AS old_prices FOR EACH STATEMENT EXECUTE FUNCTION sku_prices_price_keys_deleted();
--> statement-breakpoint
CREATE TRIGGER sku_prices_price_keys_truncated AFTER TRUNCATE ON sku_prices FOR EACH STATEMENT EXECUTE FUNCTION sku_prices_price_keys_truncated();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_price_keys_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION exchange_rates_price_keys_changed();
--> statement-breakpoint
INSERT INTO price_levels (level) SELECT 37 UNION SELECT DISTINCT level FROM sku_prices;--> statement-breakpoint
SELECT goods_price_keys_refresh(array_agg(g.id)) FROM goods g WHERE g.skus_for_sale > 0;
