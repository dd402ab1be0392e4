CREATE TABLE "sku_price_breaks" (
	"sku_id" integer NOT NULL,
	"level" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"min_qty" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sku_price_breaks_pkey" PRIMARY KEY("sku_id","level","currency","min_qty"),
	CONSTRAINT "sku_price_breaks_currency" CHECK ("sku_price_breaks"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "sku_price_breaks_min_qty" CHECK ("sku_price_breaks"."min_qty" between 2 and 9999),
	CONSTRAINT "sku_price_breaks_amount_positive" CHECK ("sku_price_breaks"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "breaks_mixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "min_qty" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "step_qty" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "max_qty" integer;--> statement-breakpoint
ALTER TABLE "sku_price_breaks" ADD CONSTRAINT "sku_price_breaks_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skus_code_upper_idx" ON "skus" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "skus_code_trgm_idx" ON "skus" USING gin (upper("code") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_qty_rule" CHECK ("skus"."min_qty" between 1 and 9999 and "skus"."step_qty" between 1 and 9999 and ("skus"."max_qty" is null or "skus"."max_qty" between 1 and 9999));--> statement-breakpoint
-- Hand-written: the product detail's cached answers carry the volume prices; they are dropped when the prices change.
CREATE TRIGGER sku_price_breaks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sku_price_breaks FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
