CREATE TABLE "after_sale_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_id" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"by" varchar(6) NOT NULL,
	"actor" varchar(100) DEFAULT '' NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"sku_name" varchar(200) DEFAULT '' NOT NULL,
	"image" varchar(255) DEFAULT '' NOT NULL,
	"unit_price" bigint NOT NULL,
	"qty" integer NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL,
	"written_off" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "after_sale_lines_qty" CHECK ("after_sale_lines"."qty" > 0 and "after_sale_lines"."restocked" >= 0 and "after_sale_lines"."written_off" >= 0 and "after_sale_lines"."restocked" + "after_sale_lines"."written_off" <= "after_sale_lines"."qty")
);
--> statement-breakpoint
CREATE TABLE "after_sale_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	"return_address" varchar(300) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sale_settings_one" CHECK ("after_sale_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"currency" char(3) NOT NULL,
	"type" varchar(10) NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"reason" varchar(20) NOT NULL,
	"text" varchar(500) DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"return_address" varchar(300),
	"ship_back_by" timestamp with time zone,
	"return_courier" varchar(60),
	"return_logistic_code" varchar(60),
	"reject_reason" varchar(200),
	"refund_amount" bigint,
	"refund_currency" char(3),
	"refund_to" varchar(8),
	"refund_no" varchar(64),
	"with_freight" boolean DEFAULT false NOT NULL,
	"refund_from" varchar(12),
	"exchange_courier" varchar(60),
	"exchange_logistic_code" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_type" CHECK ("after_sales"."type" in ('refund', 'return', 'exchange')),
	CONSTRAINT "after_sales_state" CHECK ("after_sales"."state" in ('pending', 'approved', 'shippedBack', 'received', 'refunding', 'refunded', 'exchanged', 'rejected', 'cancelled')),
	CONSTRAINT "after_sales_refund" CHECK ("after_sales"."refund_amount" is null or "after_sales"."refund_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "written_off" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_events_idx" ON "after_sale_events" USING btree ("after_sale_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_lines_item_key" ON "after_sale_lines" USING btree ("after_sale_id","item_id");--> statement-breakpoint
CREATE INDEX "after_sale_lines_item_idx" ON "after_sale_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_no_key" ON "after_sales" USING btree ("after_sale_no");--> statement-breakpoint
CREATE INDEX "after_sales_member_idx" ON "after_sales" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sales_state_idx" ON "after_sales" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_refund_no_key" ON "after_sales" USING btree ("refund_no");--> statement-breakpoint
INSERT INTO "after_sale_settings" ("id", "window_days", "return_address") VALUES (1, 7, '') ON CONFLICT DO NOTHING;
