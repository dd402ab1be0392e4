CREATE TABLE "member_wechat_bindings" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"unionid" varchar(128),
	"nickname" varchar(100) DEFAULT '' NOT NULL,
	"avatar" varchar(2048) DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_login_tickets" (
	"ticket_hash" char(64) PRIMARY KEY NOT NULL,
	"scan_code" varchar(64) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"member_id" integer,
	"status" varchar(16) DEFAULT 'waiting' NOT NULL,
	"openid" varchar(128),
	"unionid" varchar(128),
	"nickname" varchar(100),
	"avatar" varchar(2048),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "wechat_login_tickets_scan_code_key" UNIQUE("scan_code"),
	CONSTRAINT "wechat_login_tickets_status_check" CHECK ("wechat_login_tickets"."status" in ('waiting', 'scanned', 'exchanging', 'confirmed', 'cancelled', 'failed', 'used')),
	CONSTRAINT "wechat_login_tickets_purpose_check" CHECK ("wechat_login_tickets"."purpose" in ('login', 'bind'))
);
--> statement-breakpoint
ALTER TABLE "member_wechat_bindings" ADD CONSTRAINT "member_wechat_bindings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_login_tickets" ADD CONSTRAINT "wechat_login_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_wechat_bindings_identity_key" ON "member_wechat_bindings" USING btree ("provider","openid");--> statement-breakpoint
CREATE INDEX "wechat_login_tickets_expires_at_idx" ON "wechat_login_tickets" USING btree ("expires_at");