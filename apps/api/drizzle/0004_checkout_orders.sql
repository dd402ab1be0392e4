CREATE TABLE "courier_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"location" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"first_weight" integer NOT NULL,
	"first_fee" bigint NOT NULL,
	"extra_weight" integer NOT NULL,
	"extra_fee" bigint NOT NULL,
	"max_weight" integer,
	CONSTRAINT "courier_rules_currency" CHECK ("courier_rules"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "courier_rules_weights" CHECK ("courier_rules"."first_weight" > 0 and "courier_rules"."extra_weight" > 0),
	CONSTRAINT "courier_rules_fees" CHECK ("courier_rules"."first_fee" >= 0 and "courier_rules"."extra_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(60) NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"estimated_days" varchar(40) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "couriers_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "logistics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"logistic_code" varchar(60) NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "old_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"status" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"total_amount" bigint NOT NULL,
	"receiver_name" varchar(50) DEFAULT '' NOT NULL,
	"items" jsonb NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "old_orders_order_no_key" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "order_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"bean_id" integer,
	"path" varchar(255) NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_beans" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pack_index" smallint NOT NULL,
	"location" integer NOT NULL,
	"status" smallint NOT NULL,
	"courier_id" integer,
	"courier_name" varchar(60) DEFAULT '' NOT NULL,
	"logistic_code" varchar(60) DEFAULT '' NOT NULL,
	"shipping_amount" bigint DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"bean_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"sku_name" varchar(200) DEFAULT '' NOT NULL,
	"property" json DEFAULT '{}'::json NOT NULL,
	"image" varchar(255) DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	"reserved_qty" integer DEFAULT 0 NOT NULL,
	"unit_price" bigint NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"promotion_id" integer,
	CONSTRAINT "order_items_qty" CHECK ("order_items"."qty" > 0 and "order_items"."reserved_qty" between 0 and "order_items"."qty")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"status" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"is_pickup" boolean DEFAULT false NOT NULL,
	"location_code" varchar(20) NOT NULL,
	"goods_amount" bigint NOT NULL,
	"shipping_amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"promotions_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"rate" numeric(12, 4),
	"receiver" jsonb,
	"sender" jsonb,
	"member_remark" varchar(500) DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_currency" CHECK ("orders"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_amount" >= 0 and "orders"."goods_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"method" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"reduce" bigint DEFAULT 0 NOT NULL,
	"discount_percent" integer,
	"sku_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"pair_sku_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"gift_goods_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_method" CHECK ("promotions"."method" between 0 and 4),
	CONSTRAINT "promotions_currency" CHECK ("promotions"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "promotions_discount" CHECK ("promotions"."discount_percent" is null or "promotions"."discount_percent" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "courier_rules" ADD CONSTRAINT "courier_rules_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_rules" ADD CONSTRAINT "courier_rules_location_warehouses_id_fk" FOREIGN KEY ("location") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_orders" ADD CONSTRAINT "old_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_bean_id_order_beans_id_fk" FOREIGN KEY ("bean_id") REFERENCES "public"."order_beans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_beans" ADD CONSTRAINT "order_beans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_beans" ADD CONSTRAINT "order_beans_location_warehouses_id_fk" FOREIGN KEY ("location") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_beans" ADD CONSTRAINT "order_beans_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bean_id_order_beans_id_fk" FOREIGN KEY ("bean_id") REFERENCES "public"."order_beans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_gift_goods_id_goods_id_fk" FOREIGN KEY ("gift_goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_rules_courier_location_currency_key" ON "courier_rules" USING btree ("courier_id","location","currency");--> statement-breakpoint
CREATE INDEX "logistics_events_code_time_idx" ON "logistics_events" USING btree ("logistic_code","event_time");--> statement-breakpoint
CREATE INDEX "old_orders_member_idx" ON "old_orders" USING btree ("member_id","ordered_at");--> statement-breakpoint
CREATE INDEX "order_attachments_order_id_idx" ON "order_attachments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_beans_order_pack_key" ON "order_beans" USING btree ("order_id","pack_index");--> statement-breakpoint
CREATE INDEX "order_beans_logistic_code_idx" ON "order_beans" USING btree ("logistic_code");--> statement-breakpoint
CREATE INDEX "order_items_order_id_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_member_request_key" ON "orders" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "orders_member_status_idx" ON "orders" USING btree ("member_id","status","created_at");