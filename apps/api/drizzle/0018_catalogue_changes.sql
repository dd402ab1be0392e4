-- Every committed change of what the API processes keep in memory (the catalogue, page templates, checkout
-- settings) is announced on the channel shop_catalogue, whoever makes it (an API process, the command line, SQL
-- by hand): NOTIFY is delivered at commit, and never for a rolled-back change. Each API process drops its caches
-- when it hears it (docs/decisions/022-catalogue-read-cache.md).
CREATE FUNCTION shop_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER brands_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER goods_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER goods_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods_images FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER skus_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON skus FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER sku_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sku_prices FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER warehouses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER templates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON templates FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER promotions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotions FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER couriers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON couriers FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER courier_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courier_rules FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER pickup_points_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pickup_points FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
