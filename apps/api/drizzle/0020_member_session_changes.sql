-- Every committed change that ends a member's session or changes what a session carries (a token revoked,
-- expired or removed; a member's level or password state changed; a member removed) is announced on the
-- channel shop_sessions, whoever makes it (an API process, the command line, SQL by hand). Each API process
-- forgets the sessions it keeps in memory when it hears it (docs/decisions/024-session-cache.md). Logins only
-- insert tokens, and last_used_at is written every few minutes: neither is announced.
CREATE FUNCTION shop_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_sessions', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_tokens_sessions_changed AFTER UPDATE OF token_hash, member_id, expires_at, revoked_at OR DELETE OR TRUNCATE ON member_tokens FOR EACH STATEMENT EXECUTE FUNCTION shop_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER members_sessions_changed AFTER UPDATE OF id, level, must_change_password OR DELETE OR TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION shop_sessions_changed();
