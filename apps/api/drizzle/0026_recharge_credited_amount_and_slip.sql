ALTER TABLE "recharges" ADD COLUMN "credited_amount" bigint;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "slip_path" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Recharges credited before this migration were credited with the amount asked.
UPDATE "recharges" SET "credited_amount" = "amount" WHERE "status" = 'credited';--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_credited_amount" CHECK ("recharges"."credited_amount" is null or ("recharges"."credited_amount" > 0 and "recharges"."status" = 'credited'));
