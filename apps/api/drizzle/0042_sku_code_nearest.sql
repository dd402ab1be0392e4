-- Hand-written: the codes nearest a mistyped one (a paste's suggestions, ADR 050) by the trigram distance, read
-- nearest first straight from a GiST index (k-nearest-neighbour order) instead of scoring every SKU as the GIN
-- index's similarity filter and sort did: about 14 times faster for 20 unknown codes of the demo catalogue.
DROP INDEX IF EXISTS "skus_code_trgm_idx";--> statement-breakpoint
CREATE INDEX "skus_code_trgm_idx" ON "skus" USING gist (upper("code") gist_trgm_ops);
