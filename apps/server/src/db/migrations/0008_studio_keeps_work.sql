CREATE TABLE "studio_demo_results" (
	"key" text PRIMARY KEY NOT NULL,
	"input_hash" text NOT NULL,
	"action" text NOT NULL,
	"depth" integer NOT NULL,
	"detections" jsonb,
	"result_media_id" text,
	"result_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"auto_detect_on_upload" boolean DEFAULT true NOT NULL,
	"tutorial_status" text DEFAULT 'pending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_session_snapshots" (
	"session_id" text PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_demo_results" ADD CONSTRAINT "studio_demo_results_result_media_id_media_id_fk" FOREIGN KEY ("result_media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_preferences" ADD CONSTRAINT "studio_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_session_snapshots" ADD CONSTRAINT "studio_session_snapshots_session_id_design_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."design_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_demo_results_result_idx" ON "studio_demo_results" USING btree ("result_hash");