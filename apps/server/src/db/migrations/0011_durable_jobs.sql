CREATE TABLE "inspiration_predictions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"job_id" text,
	"theme" text NOT NULL,
	"provider" text NOT NULL,
	"source_media_id" text,
	"result_media_id" text NOT NULL,
	"warning" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider" text,
	"remote_id" text,
	"hold_id" text,
	"result_media_id" text,
	"result" jsonb,
	"error" text,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_progress_range" CHECK ("jobs"."progress" >= 0 and "jobs"."progress" <= 1),
	CONSTRAINT "jobs_charged_only_on_success" CHECK ("jobs"."credits_charged" = 0 or "jobs"."status" = 'succeeded')
);
--> statement-breakpoint
ALTER TABLE "inspiration_predictions" ADD CONSTRAINT "inspiration_predictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_predictions" ADD CONSTRAINT "inspiration_predictions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_predictions" ADD CONSTRAINT "inspiration_predictions_source_media_id_media_id_fk" FOREIGN KEY ("source_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspiration_predictions" ADD CONSTRAINT "inspiration_predictions_result_media_id_media_id_fk" FOREIGN KEY ("result_media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_result_media_id_media_id_fk" FOREIGN KEY ("result_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspiration_predictions_user_idx" ON "inspiration_predictions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_remote_idx" ON "jobs" USING btree ("provider","remote_id");