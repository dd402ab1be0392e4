CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"cover" varchar(255) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"name_en" varchar(80) DEFAULT '' NOT NULL,
	"initial" char(1) NOT NULL,
	"logo" varchar(255) DEFAULT '' NOT NULL,
	"banner" varchar(255) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country" varchar(8) DEFAULT 'OTHER' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(60) NOT NULL,
	"depth" smallint NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"image" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_depth_range" CHECK ("categories"."depth" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_en" varchar(200) DEFAULT '' NOT NULL,
	"brand_id" integer,
	"category_id" integer NOT NULL,
	"location" integer NOT NULL,
	"on_flag" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sort_weight" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"path" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_images_kind" CHECK ("goods_images"."kind" in ('good', 'real', 'content'))
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"path" varchar(255) PRIMARY KEY NOT NULL,
	"content_type" varchar(60) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_prices" (
	"sku_id" integer NOT NULL,
	"level" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sku_prices_pkey" PRIMARY KEY("sku_id","level","currency"),
	CONSTRAINT "sku_prices_currency" CHECK ("sku_prices"."currency" in ('AUD', 'CNY')),
	CONSTRAINT "sku_prices_amount_nonnegative" CHECK ("sku_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"code" varchar(60) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"property" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skus_stock_nonnegative" CHECK ("skus"."stock" >= 0),
	CONSTRAINT "skus_status_known" CHECK ("skus"."status" in (-1, 0, 1, 3, 4))
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"template_json" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "warehouses_code_key" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_location_warehouses_id_fk" FOREIGN KEY ("location") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_images" ADD CONSTRAINT "goods_images_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_prices" ADD CONSTRAINT "sku_prices_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_category_id_idx" ON "articles" USING btree ("category_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_key" ON "brands" USING btree ("name");--> statement-breakpoint
CREATE INDEX "brands_initial_idx" ON "brands" USING btree ("initial","name");--> statement-breakpoint
CREATE INDEX "categories_parent_id_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "categories_path_idx" ON "categories" USING btree ("path" varchar_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "goods_code_key" ON "goods" USING btree ("code");--> statement-breakpoint
CREATE INDEX "goods_category_id_idx" ON "goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "goods_brand_id_idx" ON "goods" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "goods_location_idx" ON "goods" USING btree ("location");--> statement-breakpoint
CREATE INDEX "goods_search_text_trgm_idx" ON "goods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_images_goods_id_idx" ON "goods_images" USING btree ("goods_id","kind","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_code_key" ON "skus" USING btree ("code");--> statement-breakpoint
CREATE INDEX "skus_goods_id_idx" ON "skus" USING btree ("goods_id","sort");--> statement-breakpoint
INSERT INTO "warehouses" ("id", "code", "name", "sort") VALUES (1, 'AU', '澳大利亚仓', 1), (2, 'CN', '中国仓', 2), (3, 'NZ', '新西兰仓', 3), (4, 'US', '美国仓', 4), (5, 'HK', '香港仓', 5), (6, 'KR', '韩国仓', 6), (7, 'EU', '欧洲仓', 7), (8, 'JP', '日本仓', 8), (9, 'Mix', '混合仓', 9);
