CREATE TABLE "address_book" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"book" varchar(8) NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(24) NOT NULL,
	"country" varchar(8) NOT NULL,
	"province" varchar(40) NOT NULL,
	"city" varchar(40) DEFAULT '' NOT NULL,
	"district" varchar(40) DEFAULT '' NOT NULL,
	"detail" varchar(200) NOT NULL,
	"post_code" varchar(8) DEFAULT '' NOT NULL,
	"company" varchar(100) DEFAULT '' NOT NULL,
	"id_card_no" varchar(18) DEFAULT '' NOT NULL,
	"default_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_book_book" CHECK ("address_book"."book" in ('sender', 'receiver'))
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_qty_range" CHECK ("cart_lines"."qty" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"base" char(3) NOT NULL,
	"quote" char(3) NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_pkey" PRIMARY KEY("base","quote"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "address_book" ADD CONSTRAINT "address_book_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_book_member_book_idx" ON "address_book" USING btree ("member_id","book","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_one_default_key" ON "address_book" USING btree ("member_id","book") WHERE "address_book"."default_flag";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_member_sku_key" ON "cart_lines" USING btree ("member_id","sku_id");--> statement-breakpoint
CREATE INDEX "cart_lines_sku_id_idx" ON "cart_lines" USING btree ("sku_id");--> statement-breakpoint
-- The AUD→CNY rate cart totals use until the operator sets one (npm run shop -- rate:set --aud-cny N).
INSERT INTO "exchange_rates" ("base", "quote", "rate") VALUES ('AUD', 'CNY', 4.7000) ON CONFLICT DO NOTHING;
