ALTER TABLE "members" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_logs" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_logs_request_key" ON "deposit_logs" USING btree ("request_id");