CREATE TABLE "app_secrets" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"value" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"order_id" integer,
	"recharge_id" integer,
	"payment_id" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"operator" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_logs_type" CHECK ("deposit_logs"."type" between 1 and 7),
	CONSTRAINT "deposit_logs_currency" CHECK ("deposit_logs"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "deposit_logs_amount" CHECK ("deposit_logs"."amount" <> 0),
	CONSTRAINT "deposit_logs_balance" CHECK ("deposit_logs"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency" char(3) NOT NULL,
	"provider" varchar(16) DEFAULT 'sandbox' NOT NULL,
	"support_website" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"for_recharge" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_configs_code_key" UNIQUE("code"),
	CONSTRAINT "payment_configs_kind" CHECK ("payment_configs"."kind" in ('deposit', 'syb', 'supay', 'supay_proxy')),
	CONSTRAINT "payment_configs_currency" CHECK ("payment_configs"."currency" in ('AUD', 'CNY'))
);
--> statement-breakpoint
CREATE TABLE "payment_notifies" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"trade_no" varchar(32) DEFAULT '' NOT NULL,
	"channel_trade_no" varchar(64) DEFAULT '' NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"order_id" integer,
	"recharge_id" integer,
	"config_id" integer NOT NULL,
	"channel" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"channel_trade_no" varchar(64),
	"settlement" varchar(10),
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_trade_no_key" UNIQUE("trade_no"),
	CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" in ('order', 'recharge')),
	CONSTRAINT "payments_target" CHECK (("payments"."purpose" = 'order' and "payments"."order_id" is not null) or ("payments"."purpose" = 'recharge' and "payments"."recharge_id" is not null)),
	CONSTRAINT "payments_currency" CHECK ("payments"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'paid', 'cancelled', 'failed')),
	CONSTRAINT "payments_settlement" CHECK ("payments"."settlement" is null or "payments"."settlement" in ('order', 'recharge', 'deposit'))
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"recharge_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" varchar(60) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_recharge_no_key" UNIQUE("recharge_no"),
	CONSTRAINT "recharges_type" CHECK ("recharges"."type" in (2, 7)),
	CONSTRAINT "recharges_currency" CHECK ("recharges"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "recharges_amount" CHECK ("recharges"."amount" > 0),
	CONSTRAINT "recharges_status" CHECK ("recharges"."status" in ('pending', 'credited', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"channel_trade_no" varchar(40) PRIMARY KEY NOT NULL,
	"merchant_trade_no" varchar(32) NOT NULL,
	"channel" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"subject" varchar(120) DEFAULT '' NOT NULL,
	"notify_url" varchar(255) NOT NULL,
	"return_url" varchar(500) NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_trades_status" CHECK ("sandbox_trades"."status" in ('open', 'paid', 'cancelled', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_channel" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_currency" char(3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_logs" ADD CONSTRAINT "deposit_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_logs" ADD CONSTRAINT "deposit_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_logs" ADD CONSTRAINT "deposit_logs_recharge_id_recharges_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_logs" ADD CONSTRAINT "deposit_logs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recharge_id_recharges_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_config_id_payment_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."payment_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_logs_member_idx" ON "deposit_logs" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_logs_order_payment_key" ON "deposit_logs" USING btree ("order_id") WHERE "deposit_logs"."type" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_logs_order_cancel_key" ON "deposit_logs" USING btree ("order_id") WHERE "deposit_logs"."type" = 4;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_logs_recharge_key" ON "deposit_logs" USING btree ("recharge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_logs_payment_key" ON "deposit_logs" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_notifies_trade_idx" ON "payment_notifies" USING btree ("trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_channel_trade_key" ON "payments" USING btree ("provider","channel_trade_no");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_member_idx" ON "payments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "recharges_member_idx" ON "recharges" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_trades_merchant_trade_key" ON "sandbox_trades" USING btree ("merchant_trade_no");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= coalesce("orders"."paid_amount", 0));--> statement-breakpoint
INSERT INTO "payment_configs" ("code", "name", "kind", "currency", "provider", "for_recharge", "sort", "description") VALUES ('DepositPay', '人民币余额支付', 'deposit', 'CNY', 'deposit', false, 1, '使用账户人民币余额付款'), ('DepositPayAUD', '澳币余额支付', 'deposit', 'AUD', 'deposit', false, 2, '使用账户澳币余额付款'), ('A01', '支付宝', 'syb', 'CNY', 'sandbox', true, 3, '支付宝扫码或跳转付款，以人民币结算'), ('W01', '微信支付', 'syb', 'CNY', 'sandbox', true, 4, '微信扫码或跳转付款，以人民币结算'), ('SupayAlipay', 'Supay 支付宝（澳币）', 'supay', 'AUD', 'sandbox', true, 5, '经 Supay 以澳币结算的支付宝付款'), ('SupayWechat', 'Supay 微信（澳币）', 'supay_proxy', 'AUD', 'sandbox', true, 6, '经 Supay 以澳币结算的微信付款');
