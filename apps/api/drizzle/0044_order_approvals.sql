CREATE TABLE "order_approvals" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(8) NOT NULL,
	"limit_amount" bigint NOT NULL,
	"spent_before" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "order_approvals_status" CHECK ("order_approvals"."status" in ('pending', 'approved', 'rejected', 'lapsed', 'withdrawn')),
	CONSTRAINT "order_approvals_reason" CHECK ("order_approvals"."reason" in ('perOrder', 'perMonth'))
);
--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_approvals_company_idx" ON "order_approvals" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "order_approvals_member_idx" ON "order_approvals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "order_approvals_pending_idx" ON "order_approvals" USING btree ("expires_at") WHERE "order_approvals"."status" = 'pending';