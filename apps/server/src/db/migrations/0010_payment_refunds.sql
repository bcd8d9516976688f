ALTER TABLE "payments" ADD COLUMN "provider_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("provider_payment_intent_id");