CREATE TABLE "supplier_application_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(12),
	"actor" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_application_notes_status_known" CHECK ("supplier_application_notes"."status" is null or "supplier_application_notes"."status" in ('new', 'contacted', 'accepted', 'declined')),
	CONSTRAINT "supplier_application_notes_not_empty" CHECK ("supplier_application_notes"."note" <> '' or "supplier_application_notes"."status" is not null)
);
--> statement-breakpoint
ALTER TABLE "supplier_application_notes" ADD CONSTRAINT "supplier_application_notes_application_id_supplier_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."supplier_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_application_notes_application_idx" ON "supplier_application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
-- The former single note (written only by supplier:status, with a change of status) becomes each application's
-- first history entry, with the status it was written with, before its column goes.
INSERT INTO "supplier_application_notes" ("application_id", "note", "status", "actor", "created_at")
SELECT "id", "note", "status", 'cli', coalesce("status_changed_at", "updated_at")
FROM "supplier_applications"
WHERE "note" <> '' OR "status_changed_at" IS NOT NULL
ORDER BY "id";--> statement-breakpoint
ALTER TABLE "supplier_applications" DROP COLUMN "note";