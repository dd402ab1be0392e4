CREATE TABLE "saved_list_items" (
	"list_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "saved_list_items_pkey" PRIMARY KEY("list_id","sku_id"),
	CONSTRAINT "saved_list_items_qty" CHECK ("saved_list_items"."qty" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_list_items" ADD CONSTRAINT "saved_list_items_list_id_saved_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."saved_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_items" ADD CONSTRAINT "saved_list_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_list_items_sku_idx" ON "saved_list_items" USING btree ("sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_member_name_key" ON "saved_lists" USING btree ("member_id","name");--> statement-breakpoint
CREATE INDEX "saved_lists_member_updated_idx" ON "saved_lists" USING btree ("member_id","updated_at");