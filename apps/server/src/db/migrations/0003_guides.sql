CREATE TABLE "room_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"hero_image" text,
	"before_image" text,
	"after_image" text,
	"image_alts" jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"cost_min" integer NOT NULL,
	"cost_max" integer NOT NULL,
	"duration_days" text NOT NULL,
	"roi_percentage" integer,
	"introduction" text NOT NULL,
	"why_staging_matters" text NOT NULL,
	"step_by_step_guide" text,
	"common_mistakes" text,
	"faqs" jsonb NOT NULL,
	"tips" jsonb NOT NULL,
	"related_slugs" jsonb NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(keywords, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(introduction, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(search_body, '')), 'D')) STORED NOT NULL,
	CONSTRAINT "room_guides_slug_not_rooms" CHECK ("room_guides"."slug" <> 'rooms')
);
--> statement-breakpoint
CREATE TABLE "staging_consultations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"room_slug" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "room_guides_slug_key" ON "room_guides" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "room_guides_category_idx" ON "room_guides" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "room_guides_search_idx" ON "room_guides" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "staging_consultations_created_idx" ON "staging_consultations" USING btree ("created_at");