CREATE TABLE "rate_counters" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_steps" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_expires_at_idx" ON "rate_counters" USING btree ("expires_at");