CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer,
	"provider" varchar(16) NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'processing' NOT NULL,
	"channel_refund_no" varchar(64),
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"channel_message" varchar(200) DEFAULT '' NOT NULL,
	"operator" varchar(60) DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_refund_no_key" UNIQUE("refund_no"),
	CONSTRAINT "payment_refunds_currency" CHECK ("payment_refunds"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('processing', 'success', 'closed', 'abnormal', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_channel_key" ON "payment_refunds" USING btree ("provider","channel_refund_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_open_idx" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'processing';