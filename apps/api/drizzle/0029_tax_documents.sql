CREATE TABLE "adjustment_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"note_no" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"gst" bigint NOT NULL,
	"refunded_through" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "adjustment_notes_amounts" CHECK ("adjustment_notes"."amount" > 0 and "adjustment_notes"."gst" >= 0 and "adjustment_notes"."gst" <= "adjustment_notes"."amount")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" varchar(32) PRIMARY KEY NOT NULL,
	"last_no" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fapiao_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(20) NOT NULL,
	"bank" varchar(100) DEFAULT '' NOT NULL,
	"account" varchar(40) DEFAULT '' NOT NULL,
	"address" varchar(150) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"fapiao_no" varchar(20) DEFAULT '' NOT NULL,
	"file_path" varchar(255) DEFAULT '' NOT NULL,
	"issued_by" varchar(60) DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fapiao_requests_kind" CHECK ("fapiao_requests"."kind" in ('normal', 'special')),
	CONSTRAINT "fapiao_requests_status" CHECK ("fapiao_requests"."status" in ('pending', 'issued')),
	CONSTRAINT "fapiao_requests_issued" CHECK (("fapiao_requests"."status" = 'issued') = ("fapiao_requests"."fapiao_no" <> '' and "fapiao_requests"."file_path" <> '' and "fapiao_requests"."issued_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"invoice_no" varchar(20) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"currency" char(3) NOT NULL,
	"total" bigint NOT NULL,
	"gst" bigint NOT NULL,
	"prices_include_gst" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_invoices_amounts" CHECK ("tax_invoices"."total" >= 0 and "tax_invoices"."gst" >= 0 and "tax_invoices"."gst" <= "tax_invoices"."total")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "abn" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tax_no" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjustment_notes" ADD CONSTRAINT "adjustment_notes_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_notes" ADD CONSTRAINT "adjustment_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fapiao_requests" ADD CONSTRAINT "fapiao_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fapiao_requests" ADD CONSTRAINT "fapiao_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_notes_seq_key" ON "adjustment_notes" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_notes_no_key" ON "adjustment_notes" USING btree ("note_no");--> statement-breakpoint
CREATE INDEX "adjustment_notes_invoice_idx" ON "adjustment_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fapiao_requests_order_key" ON "fapiao_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fapiao_requests_status_idx" ON "fapiao_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fapiao_requests_member_idx" ON "fapiao_requests" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_order_key" ON "tax_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_seq_key" ON "tax_invoices" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_no_key" ON "tax_invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "tax_invoices_member_idx" ON "tax_invoices" USING btree ("member_id");