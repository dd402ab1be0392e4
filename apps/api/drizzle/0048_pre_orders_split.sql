ALTER TABLE "skus" ADD COLUMN "expected_date" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_beans" ADD COLUMN "split_from" smallint;--> statement-breakpoint
CREATE INDEX "order_items_waiting_idx" ON "order_items" USING btree ("sku_id","order_id") WHERE "order_items"."waiting" > 0;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_waiting" CHECK ("order_items"."waiting" >= 0 and "order_items"."reserved_qty" + "order_items"."waiting" <= "order_items"."qty");