CREATE TABLE "sandbox_refunds" (
	"merchant_refund_no" varchar(32) PRIMARY KEY NOT NULL,
	"channel_refund_no" varchar(40) NOT NULL,
	"merchant_trade_no" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"notify_url" varchar(255) NOT NULL,
	"status" varchar(12) DEFAULT 'processing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_status" CHECK ("sandbox_refunds"."status" in ('processing', 'success')),
	CONSTRAINT "sandbox_refunds_amount" CHECK ("sandbox_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunding_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_trade_idx" ON "sandbox_refunds" USING btree ("merchant_trade_no");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunding" CHECK ("orders"."refunding_amount" >= 0 and "orders"."refunded_amount" + "orders"."refunding_amount" <= coalesce("orders"."paid_amount", 0));