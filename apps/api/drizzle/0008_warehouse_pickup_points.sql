CREATE TABLE "pickup_points" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"hours" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_points_enabled_where" CHECK (not "pickup_points"."enabled" or ("pickup_points"."address" <> '' and "pickup_points"."hours" <> ''))
);
--> statement-breakpoint
ALTER TABLE "order_beans" ADD COLUMN "pickup" jsonb;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Until now every warehouse took pickup orders; the shop's help says only the Sydney warehouse has a pickup desk.
-- Fresh and upgraded shops alike get that desk (seed/data/pickup.ts holds the same values); the operator changes
-- it with warehouse:pickup.
INSERT INTO "pickup_points" ("warehouse_id", "enabled", "address", "hours", "phone") VALUES (1, true, 'Unit 5, 12 Holker Street, Silverwater NSW 2128', '周一至周五 9:00-17:00，周六 9:00-12:00（悉尼时间，公众假期休息）', '+61 2 8000 1234') ON CONFLICT ("warehouse_id") DO NOTHING;--> statement-breakpoint
-- Pickup orders already placed from the Sydney warehouse show where to collect them.
UPDATE "order_beans" SET "pickup" = jsonb_build_object('address', p."address", 'hours', p."hours", 'phone', p."phone") FROM "orders" o, "pickup_points" p WHERE o."id" = "order_beans"."order_id" AND o."is_pickup" AND p."warehouse_id" = "order_beans"."location" AND p."enabled";
