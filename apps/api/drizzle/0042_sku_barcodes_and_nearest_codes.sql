-- The codes nearest a mistyped one are read from a GiST index in trigram distance order (ADR 053); a SKU may carry
-- its GS1 barcode, by which a pasted order line may name it (ADR 050).
DROP INDEX "skus_code_trgm_idx";--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "barcode" varchar(14);--> statement-breakpoint
CREATE UNIQUE INDEX "skus_barcode_key" ON "skus" USING btree ("barcode") WHERE "skus"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "skus_code_trgm_idx" ON "skus" USING gist (upper("code") gist_trgm_ops);--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_barcode_digits" CHECK ("skus"."barcode" ~ '^[0-9]{8}$|^[0-9]{12,14}$');