CREATE TABLE "supplier_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" varchar(100) NOT NULL,
	"contact" varchar(50) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"email" varchar(120) NOT NULL,
	"country" varchar(8) NOT NULL,
	"categories" varchar(200) NOT NULL,
	"brands" varchar(200) DEFAULT '' NOT NULL,
	"warehouse_countries" varchar(8)[] NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"lang" varchar(2) NOT NULL,
	"status" varchar(12) DEFAULT 'new' NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone,
	CONSTRAINT "supplier_applications_status_known" CHECK ("supplier_applications"."status" in ('new', 'contacted', 'accepted', 'declined')),
	CONSTRAINT "supplier_applications_lang_known" CHECK ("supplier_applications"."lang" in ('zh', 'en'))
);
--> statement-breakpoint
CREATE INDEX "supplier_applications_status_idx" ON "supplier_applications" USING btree ("status","created_at");