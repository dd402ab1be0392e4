ALTER TABLE "skus" ALTER COLUMN "property" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "skus" ALTER COLUMN "property" SET DEFAULT '{}'::json;