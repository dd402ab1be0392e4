-- A keyword of one or two Chinese characters (奶粉, 面) is a common search that the trigram index cannot serve: pg_trgm
-- indexes runs of three, so such a search read every product's search text (57 ms at 34,000 goods, alone). Each
-- product now keeps every character and every pair of characters of its lower-cased search text as an array, with
-- whitespace left out, in a GIN index: the list asks for the goods whose array holds the keyword and checks the
-- text itself on those only (catalogue.repository.ts `keywordMatches`). PostgreSQL computes the column from
-- search_text whenever that changes, whoever writes it; an update of other columns (an order's sales) leaves it be.
CREATE FUNCTION goods_search_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g.gram), '{}')
  FROM (SELECT lower(t) AS l) s
  CROSS JOIN LATERAL generate_series(1, 2) AS n(len)
  CROSS JOIN LATERAL generate_series(1, char_length(s.l) - n.len + 1) AS i(pos)
  CROSS JOIN LATERAL (SELECT substr(s.l, i.pos, n.len) AS gram) g
  WHERE g.gram !~ '\s'
$$;
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (goods_search_grams(search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "goods_search_grams_idx" ON "goods" USING gin ("search_grams");