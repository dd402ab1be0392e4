CREATE TABLE "deposit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_settings_one_row" CHECK ("deposit_settings"."id" = 1)
);
--> statement-breakpoint
-- Hand-written: the receiving bank accounts move from the basic template (which the content role edits) to the
-- deposit's settings (owner and finance). The published template's accounts are carried over, so members see
-- the same accounts; the template and any draft of it keep none.
INSERT INTO "deposit_settings" ("id", "bank_accounts")
SELECT 1, COALESCE(
  (SELECT CASE WHEN jsonb_typeof("template_json"::jsonb #> '{basicInfo,bankAccounts}') = 'array'
               THEN "template_json"::jsonb #> '{basicInfo,bankAccounts}' END
     FROM "templates" WHERE "name" = 'basic'),
  '[]'::jsonb);--> statement-breakpoint
UPDATE "templates" SET "template_json" = ("template_json"::jsonb #- '{basicInfo,bankAccounts}')::text
 WHERE "name" = 'basic' AND "template_json"::jsonb #> '{basicInfo,bankAccounts}' IS NOT NULL;--> statement-breakpoint
UPDATE "template_drafts" SET "template_json" = ("template_json"::jsonb #- '{basicInfo,bankAccounts}')::text
 WHERE "name" = 'basic' AND "template_json"::jsonb #> '{basicInfo,bankAccounts}' IS NOT NULL;--> statement-breakpoint
-- Hand-written: the storefront's basic template carries the accounts; its cached answer is dropped when they change.
CREATE TRIGGER deposit_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deposit_settings FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
