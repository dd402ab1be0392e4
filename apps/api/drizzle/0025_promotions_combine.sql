ALTER TABLE "promotions" ADD COLUMN "stackable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (ADR 031): promotions that are not stopped may not share a name once the index below exists. A
-- shop may already have such twins (two running '满500减30'): the oldest keeps its name, each later one is
-- renamed '<name>（#<id>）' so none stops applying, and the rename is written to the staff audit log.
INSERT INTO "staff_audit_log" ("actor", "action", "object_type", "object_id", "before", "after")
SELECT 'migration', 'promotion.rename', 'promotion', p."id"::text,
  jsonb_build_object('name', p."name"),
  jsonb_build_object('name', left(p."name", 100 - length('（#' || p."id" || '）')) || '（#' || p."id" || '）')
FROM "promotions" p
WHERE p."active" AND EXISTS (
  SELECT 1 FROM "promotions" o
  WHERE o."active" AND o."id" < p."id"
    AND lower(regexp_replace(normalize(o."name", NFKC), '\s+', '', 'g'))
      = lower(regexp_replace(normalize(p."name", NFKC), '\s+', '', 'g'))
);--> statement-breakpoint
UPDATE "promotions" p
SET "name" = left(p."name", 100 - length('（#' || p."id" || '）')) || '（#' || p."id" || '）'
WHERE p."active" AND EXISTS (
  SELECT 1 FROM "promotions" o
  WHERE o."active" AND o."id" < p."id"
    AND lower(regexp_replace(normalize(o."name", NFKC), '\s+', '', 'g'))
      = lower(regexp_replace(normalize(p."name", NFKC), '\s+', '', 'g'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_live_name" ON "promotions" USING btree (lower(regexp_replace(normalize("name", NFKC), '\s+', '', 'g'))) WHERE "promotions"."active";--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_priority" CHECK ("promotions"."priority" between 0 and 999);