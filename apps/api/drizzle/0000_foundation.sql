CREATE TABLE "captchas" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"answer_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "member_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"name" varchar(50) DEFAULT '' NOT NULL,
	"email" varchar(120) DEFAULT '' NOT NULL,
	"mobile" varchar(32) DEFAULT '' NOT NULL,
	"company" varchar(100) DEFAULT '' NOT NULL,
	"wechat" varchar(50) DEFAULT '' NOT NULL,
	"level" integer DEFAULT 37 NOT NULL,
	"cny_deposit" bigint DEFAULT 0 NOT NULL,
	"aud_deposit" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_cny_deposit_nonnegative" CHECK ("members"."cny_deposit" >= 0),
	CONSTRAINT "members_aud_deposit_nonnegative" CHECK ("members"."aud_deposit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_tokens" ADD CONSTRAINT "member_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_at_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "member_tokens_member_id_idx" ON "member_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_lower_key" ON "members" USING btree (lower("username"));