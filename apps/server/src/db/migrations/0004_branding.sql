CREATE TABLE "branded_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"template_id" integer,
	"media_id" text NOT NULL,
	"original_media_id" text,
	"file_size" integer NOT NULL,
	"caption" text,
	"share_token" text,
	"share_views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branded_exports_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
CREATE TABLE "branding_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"asset_type" text NOT NULL,
	"name" text NOT NULL,
	"media_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_assets_asset_id_unique" UNIQUE("asset_id")
);
--> statement-breakpoint
CREATE TABLE "branding_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_asset_id" integer,
	"signature_asset_id" integer,
	"logo_position" text NOT NULL,
	"logo_size" real NOT NULL,
	"logo_opacity" real NOT NULL,
	"signature_position" text NOT NULL,
	"signature_size" real NOT NULL,
	"signature_opacity" real NOT NULL,
	"disclosure_mode" text DEFAULT 'label' NOT NULL,
	"disclosure_text" text NOT NULL,
	"disclosure_position" text NOT NULL,
	"disclosure_size" real NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_templates_template_id_unique" UNIQUE("template_id")
);
--> statement-breakpoint
ALTER TABLE "branded_exports" ADD CONSTRAINT "branded_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branded_exports" ADD CONSTRAINT "branded_exports_template_id_branding_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."branding_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branded_exports" ADD CONSTRAINT "branded_exports_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branded_exports" ADD CONSTRAINT "branded_exports_original_media_id_media_id_fk" FOREIGN KEY ("original_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_assets" ADD CONSTRAINT "branding_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_assets" ADD CONSTRAINT "branding_assets_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_templates" ADD CONSTRAINT "branding_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_templates" ADD CONSTRAINT "branding_templates_logo_asset_id_branding_assets_id_fk" FOREIGN KEY ("logo_asset_id") REFERENCES "public"."branding_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_templates" ADD CONSTRAINT "branding_templates_signature_asset_id_branding_assets_id_fk" FOREIGN KEY ("signature_asset_id") REFERENCES "public"."branding_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branded_exports_user_idx" ON "branded_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "branding_assets_user_idx" ON "branding_assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "branding_templates_user_idx" ON "branding_templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "branding_templates_one_default" ON "branding_templates" USING btree ("user_id") WHERE "branding_templates"."is_default";