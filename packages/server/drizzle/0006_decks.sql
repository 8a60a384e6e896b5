ALTER TABLE "projects" ADD COLUMN "data_sheet_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "data_sheet" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "global_assets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "dev_components" jsonb;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "decks" jsonb DEFAULT '{}'::jsonb NOT NULL;