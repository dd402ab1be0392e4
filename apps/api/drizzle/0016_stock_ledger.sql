CREATE TABLE "stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"actor" varchar(100) NOT NULL,
	"staff_id" integer,
	"request_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_sku_idx" ON "stock_ledger" USING btree ("sku_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_ledger_request_id_key" ON "stock_ledger" USING btree ("request_id");