CREATE TABLE "template_drafts" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"template_json" text NOT NULL,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
