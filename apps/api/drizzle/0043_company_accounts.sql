CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"tax_no" varchar(20) NOT NULL,
	"level" integer DEFAULT 37 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact" varchar(120) NOT NULL,
	"role" varchar(8) NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_invites_role" CHECK ("company_invites"."role" in ('admin', 'buyer', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"role" varchar(8) NOT NULL,
	"per_order_aud" bigint,
	"per_month_aud" bigint,
	"per_order_cny" bigint,
	"per_month_cny" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role" CHECK ("company_members"."role" in ('admin', 'buyer', 'viewer')),
	CONSTRAINT "company_members_limits_positive" CHECK (coalesce("company_members"."per_order_aud", 1) > 0 and coalesce("company_members"."per_month_aud", 1) > 0 and coalesce("company_members"."per_order_cny", 1) > 0 and coalesce("company_members"."per_month_cny", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "address_book" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_invited_by_members_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_accepted_by_members_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invites_open_key" ON "company_invites" USING btree ("company_id","contact") WHERE "company_invites"."accepted_at" is null and "company_invites"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "company_invites_contact_idx" ON "company_invites" USING btree ("contact");--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "address_book" ADD CONSTRAINT "address_book_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_book_company_book_idx" ON "address_book" USING btree ("company_id","book","created_at") WHERE "address_book"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","created_at") WHERE "orders"."company_id" is not null;--> statement-breakpoint
ALTER TABLE "address_book" ADD CONSTRAINT "address_book_company_no_default" CHECK ("address_book"."company_id" is null or not "address_book"."default_flag");--> statement-breakpoint
-- A company member's price level is the company's (docs/decisions/055): joining, leaving or a change of the
-- company's level changes what a session carries, announced like a member's own level (migration 0020).
CREATE TRIGGER company_members_sessions_changed AFTER INSERT OR UPDATE OF member_id, company_id OR DELETE OR TRUNCATE ON company_members FOR EACH STATEMENT EXECUTE FUNCTION shop_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER companies_sessions_changed AFTER UPDATE OF level OR DELETE OR TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION shop_sessions_changed();
