CREATE TABLE "design_session_media" (
	"session_id" text NOT NULL,
	"media_id" text NOT NULL,
	CONSTRAINT "design_session_media_session_id_media_id_pk" PRIMARY KEY("session_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "design_session_media" ADD CONSTRAINT "design_session_media_session_id_design_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."design_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_session_media" ADD CONSTRAINT "design_session_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_session_media_media_idx" ON "design_session_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "custom_furniture_media_idx" ON "custom_furniture" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "design_placements_result_media_idx" ON "design_placements" USING btree ("result_media_id");--> statement-breakpoint
CREATE INDEX "design_sessions_original_media_idx" ON "design_sessions" USING btree ("original_media_id");--> statement-breakpoint
CREATE INDEX "design_sessions_preview_media_idx" ON "design_sessions" USING btree ("preview_media_id");