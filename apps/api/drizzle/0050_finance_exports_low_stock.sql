CREATE TABLE "finance_export_parts" (
	"export_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "finance_export_parts_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "finance_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"format" varchar(4) NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"state" varchar(8) DEFAULT 'running' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"error" varchar(200),
	"staff_id" integer,
	"staff_name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "finance_exports_state" CHECK ("finance_exports"."state" in ('running', 'done', 'failed')),
	CONSTRAINT "finance_exports_format" CHECK ("finance_exports"."format" in ('xlsx', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_export_parts" ADD CONSTRAINT "finance_export_parts_export_id_finance_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."finance_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD CONSTRAINT "finance_exports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_exports_created_idx" ON "finance_exports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deposit_logs_created_idx" ON "deposit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_low_stock_at" CHECK ("skus"."low_stock_at" is null or "skus"."low_stock_at" between 0 and 99999);