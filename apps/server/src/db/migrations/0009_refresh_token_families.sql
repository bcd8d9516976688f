ALTER TABLE "refresh_tokens" ADD COLUMN "family_id" text;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");