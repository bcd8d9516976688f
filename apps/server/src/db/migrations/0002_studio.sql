CREATE TABLE "custom_furniture" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"media_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_placements" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"action" text NOT NULL,
	"furniture_type" text NOT NULL,
	"theme_key" text,
	"coordinates_x" integer,
	"coordinates_y" integer,
	"size_scale" real,
	"result_media_id" text,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"original_media_id" text,
	"preview_media_id" text,
	"placement_count" integer DEFAULT 0 NOT NULL,
	"furniture_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detection_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_furniture" ADD CONSTRAINT "custom_furniture_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_furniture" ADD CONSTRAINT "custom_furniture_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_placements" ADD CONSTRAINT "design_placements_session_id_design_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."design_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_placements" ADD CONSTRAINT "design_placements_result_media_id_media_id_fk" FOREIGN KEY ("result_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_sessions" ADD CONSTRAINT "design_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_sessions" ADD CONSTRAINT "design_sessions_original_media_id_media_id_fk" FOREIGN KEY ("original_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_sessions" ADD CONSTRAINT "design_sessions_preview_media_id_media_id_fk" FOREIGN KEY ("preview_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_furniture_user_idx" ON "custom_furniture" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "design_placements_session_idx" ON "design_placements" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "design_sessions_user_idx" ON "design_sessions" USING btree ("user_id","updated_at");