CREATE TABLE "account_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_no" varchar(40) NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"member_id" integer,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"paid_at" timestamp with time zone,
	"reminded_before_at" timestamp with time zone,
	"reminded_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_invoices_no_key" UNIQUE("invoice_no"),
	CONSTRAINT "account_invoices_order_key" UNIQUE("order_id"),
	CONSTRAINT "account_invoices_currency" CHECK ("account_invoices"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "account_invoices_paid" CHECK ("account_invoices"."amount" >= 0 and "account_invoices"."paid" >= 0 and "account_invoices"."paid" <= "account_invoices"."amount")
);
--> statement-breakpoint
CREATE TABLE "account_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"allocated" bigint DEFAULT 0 NOT NULL,
	"method" varchar(8) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"received_on" date NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"recorded_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payments_currency" CHECK ("account_payments"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "account_payments_method" CHECK ("account_payments"."method" in ('bank', 'deposit')),
	CONSTRAINT "account_payments_allocated" CHECK ("account_payments"."amount" > 0 and "account_payments"."allocated" >= 0 and "account_payments"."allocated" <= "account_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "company_credit" (
	"company_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"credit_limit" bigint NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"terms_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_company_id_currency_pk" PRIMARY KEY("company_id","currency"),
	CONSTRAINT "company_credit_currency" CHECK ("company_credit"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "company_credit_terms" CHECK ("company_credit"."terms_days" in (7, 14, 30, 60)),
	CONSTRAINT "company_credit_within" CHECK ("company_credit"."used" >= 0 and "company_credit"."used" <= "company_credit"."credit_limit")
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" bigint NOT NULL,
	"used_after" bigint NOT NULL,
	"limit_after" bigint NOT NULL,
	"invoice_id" integer,
	"payment_id" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_kind" CHECK ("credit_entries"."kind" in ('limit', 'charge', 'allocation', 'creditNote'))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"recorded_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_logs" DROP CONSTRAINT "deposit_logs_type";--> statement-breakpoint
ALTER TABLE "payment_configs" DROP CONSTRAINT "payment_configs_kind";--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit" ADD CONSTRAINT "company_credit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_invoice_id_account_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_payment_id_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_account_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_invoices_company_idx" ON "account_invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "account_invoices_unpaid_idx" ON "account_invoices" USING btree ("company_id","due_on") WHERE "account_invoices"."paid" < "account_invoices"."amount";--> statement-breakpoint
CREATE UNIQUE INDEX "account_payments_reference_key" ON "account_payments" USING btree ("company_id","method","reference");--> statement-breakpoint
CREATE INDEX "account_payments_company_idx" ON "account_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_entries_company_idx" ON "credit_entries" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "deposit_logs" ADD CONSTRAINT "deposit_logs_type" CHECK ("deposit_logs"."type" between 1 and 8);--> statement-breakpoint
ALTER TABLE "payment_configs" ADD CONSTRAINT "payment_configs_kind" CHECK ("payment_configs"."kind" in ('deposit', 'syb', 'supay', 'supay_proxy', 'account'));--> statement-breakpoint
INSERT INTO "payment_configs" ("code", "name", "kind", "currency", "provider", "for_recharge", "sort", "description") VALUES ('OnAccount', '账期支付', 'account', 'CNY', 'account', false, 7, '公司账期：先发货，账单到期前付款') ON CONFLICT ("code") DO NOTHING;
