ALTER TABLE "messages" ADD COLUMN "sent_by" varchar(100);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_request_key" ON "messages" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("id") WHERE "messages"."sent_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_ticket_replies_request_key" ON "support_ticket_replies" USING btree ("ticket_id","request_id");