CREATE TABLE "seller_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" varchar(200) DEFAULT '' NOT NULL,
	"abn" char(11),
	"address" varchar(300) DEFAULT '' NOT NULL,
	"gst_registered" boolean DEFAULT false NOT NULL,
	"prices_include_gst" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_details_one_row" CHECK ("seller_details"."id" = 1),
	CONSTRAINT "seller_details_registered" CHECK (not "seller_details"."gst_registered" or ("seller_details"."abn" is not null and "seller_details"."legal_name" <> ''))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_gst" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gst" CHECK ("orders"."gst_amount" >= 0 and "orders"."refunded_gst" between 0 and "orders"."gst_amount");--> statement-breakpoint
-- Hand-written: the one row, not registered for GST, so nothing changes until the owner registers the shop.
INSERT INTO "seller_details" ("id") VALUES (1);--> statement-breakpoint
-- Hand-written: checkout remembers the GST setting (ADR 022), dropped when the row changes.
CREATE TRIGGER seller_details_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seller_details FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
