CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"locale" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"member_id" integer,
	"staff_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'waiting' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"provider" varchar(16),
	"provider_message_id" varchar(200),
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_channel_known" CHECK ("notices"."channel" in ('email', 'sms')),
	CONSTRAINT "notices_status_known" CHECK ("notices"."status" in ('waiting', 'sending', 'sent', 'failed', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notice_id" bigint,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scene" varchar(12) NOT NULL,
	"target" varchar(254) NOT NULL,
	"member_id" integer,
	"code_hash" varchar(64) NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "phone" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "notice_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "notices_member_idx" ON "notices" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sandbox_messages_recipient_idx" ON "sandbox_messages" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("target","scene","id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_key" ON "members" USING btree ("phone") WHERE "members"."phone" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "members_verified_email_key" ON "members" USING btree (lower("email")) WHERE "members"."email_verified_at" is not null;