CREATE TABLE "parcel_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"logistic_code" varchar(60) NOT NULL,
	"courier_code" varchar(32) NOT NULL,
	"company" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"state" smallint,
	"state_at" timestamp with time zone,
	"notified" varchar(16),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(200) DEFAULT '' NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_trackings_status" CHECK ("parcel_trackings"."status" in ('pending', 'tracking', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "tracking_sandbox_parcels" (
	"logistic_code" varchar(60) PRIMARY KEY NOT NULL,
	"company" varchar(32) NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"moved_at" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "tracking_code" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "logistics_events" ADD COLUMN "event_key" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_trackings_code_key" ON "parcel_trackings" USING btree ("logistic_code");--> statement-breakpoint
CREATE INDEX "parcel_trackings_due_idx" ON "parcel_trackings" USING btree ("status","next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_events_event_key" ON "logistics_events" USING btree ("logistic_code","event_key");--> statement-breakpoint
UPDATE "couriers" SET "tracking_code" = CASE upper("code") WHEN 'SF' THEN 'shunfeng' WHEN 'ZTO' THEN 'zhongtong' WHEN 'YTO' THEN 'yuantong' WHEN 'STO' THEN 'shentong' WHEN 'YD' THEN 'yunda' WHEN 'YUNDA' THEN 'yunda' WHEN 'EMS' THEN 'ems' WHEN 'JD' THEN 'jd' WHEN 'JT' THEN 'jtexpress' WHEN 'JTEXPRESS' THEN 'jtexpress' WHEN 'AUPOST' THEN 'auspost' WHEN 'AUSPOST' THEN 'auspost' WHEN 'DHL' THEN 'dhl' WHEN 'FEDEX' THEN 'fedex' WHEN 'UPS' THEN 'ups' ELSE '' END WHERE "tracking_code" = '';
