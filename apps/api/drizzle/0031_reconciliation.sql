CREATE TABLE "reconciliation_differences" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"day" varchar(10) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"object" varchar(8) NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"refund_no" varchar(64) DEFAULT '' NOT NULL,
	"shop_amount" bigint,
	"shop_currency" char(3),
	"channel_amount" bigint,
	"channel_currency" char(3),
	"channel_ref" varchar(64) DEFAULT '' NOT NULL,
	"channel_at" timestamp with time zone,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"settled_by" varchar(60) DEFAULT '' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_differences_status" CHECK ("reconciliation_differences"."status" in ('open', 'settled')),
	CONSTRAINT "reconciliation_differences_object" CHECK ("reconciliation_differences"."object" in ('payment', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"day" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"actor" varchar(60) DEFAULT '' NOT NULL,
	"statement_lines" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"error" varchar(300) DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reconciliation_runs_status" CHECK ("reconciliation_runs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "reconciliation_runs_trigger" CHECK ("reconciliation_runs"."trigger" in ('schedule', 'console', 'cli'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_differences_key" ON "reconciliation_differences" USING btree ("provider","day","kind","trade_no","refund_no");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_day_idx" ON "reconciliation_runs" USING btree ("provider","day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_running_key" ON "reconciliation_runs" USING btree ("provider","day") WHERE "reconciliation_runs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_scheduled_key" ON "reconciliation_runs" USING btree ("provider","day") WHERE "reconciliation_runs"."trigger" = 'schedule';