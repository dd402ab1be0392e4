CREATE TABLE "message_read_marks" (
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"up_to_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_read_marks_pkey" PRIMARY KEY("member_id","type")
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"member_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_pkey" PRIMARY KEY("member_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"type" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_type_range" CHECK ("messages"."type" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "support_ticket_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"reply_id" integer,
	"path" varchar(255) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author" varchar(10) NOT NULL,
	"author_name" varchar(60) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_replies_author_known" CHECK ("support_ticket_replies"."author" in ('member', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"priority" smallint DEFAULT 1 NOT NULL,
	"owner_group" varchar(20) DEFAULT 'service' NOT NULL,
	"title" varchar(100) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"order_id" integer,
	"pack_index" smallint,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_tickets_type_range" CHECK ("support_tickets"."type" between 0 and 4),
	CONSTRAINT "support_tickets_priority_range" CHECK ("support_tickets"."priority" between 0 and 2),
	CONSTRAINT "support_tickets_status_known" CHECK ("support_tickets"."status" in ('open', 'waiting_member', 'waiting_shop', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "message_read_marks" ADD CONSTRAINT "message_read_marks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_images" ADD CONSTRAINT "support_ticket_images_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_images" ADD CONSTRAINT "support_ticket_images_reply_id_support_ticket_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."support_ticket_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_member_idx" ON "messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "support_ticket_images_reply_idx" ON "support_ticket_images" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "support_ticket_images_member_idx" ON "support_ticket_images" USING btree ("member_id","reply_id");--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "support_tickets_member_idx" ON "support_tickets" USING btree ("member_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" USING btree ("status","owner_group","updated_at");