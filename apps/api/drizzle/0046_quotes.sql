CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"sku_name" varchar(200) DEFAULT '' NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	"list_price" bigint,
	"price" bigint,
	CONSTRAINT "quote_lines_qty" CHECK ("quote_lines"."qty" > 0),
	CONSTRAINT "quote_lines_price" CHECK ("quote_lines"."price" is null or "quote_lines"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"sender" varchar(8) NOT NULL,
	"author" varchar(64) NOT NULL,
	"text" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_messages_sender" CHECK ("quote_messages"."sender" in ('member', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"company_id" integer,
	"currency" char(3) NOT NULL,
	"state" varchar(10) DEFAULT 'requested' NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"freight" bigint,
	"valid_until" date,
	"answered_at" timestamp with time zone,
	"answered_by" varchar(64),
	"awaiting_staff" boolean DEFAULT true NOT NULL,
	"order_id" integer,
	"closed_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_no_key" UNIQUE("quote_no"),
	CONSTRAINT "quotes_state" CHECK ("quotes"."state" in ('requested', 'answered', 'accepted', 'withdrawn', 'closed')),
	CONSTRAINT "quotes_currency" CHECK ("quotes"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "quotes_freight" CHECK ("quotes"."freight" is null or "quotes"."freight" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_sku_key" ON "quote_lines" USING btree ("quote_id","sku_id");--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quotes_member_idx" ON "quotes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "quotes_state_idx" ON "quotes" USING btree ("state","id");