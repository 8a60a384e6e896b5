CREATE TABLE "badges" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" text PRIMARY KEY NOT NULL,
	"project_slug" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"table_mode" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"creator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"options" jsonb NOT NULL,
	"possible_colors" jsonb NOT NULL,
	"seats" jsonb NOT NULL,
	"components_version" integer NOT NULL,
	"invite_pwd" text,
	"expected_move_id" integer DEFAULT 0 NOT NULL,
	"turns_played" integer DEFAULT 0 NOT NULL,
	"active_player" text,
	"start_situation" jsonb,
	"tile_stats" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" integer NOT NULL,
	"badge_name" text NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_name_pk" PRIMARY KEY("user_id","badge_name")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "background" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "change_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "components_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "decks" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "overview_card" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "overview_stats" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "player_colors" jsonb DEFAULT '["red","blue","green","yellow"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "player_min" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "player_max" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_project_slug_projects_slug_fk" FOREIGN KEY ("project_slug") REFERENCES "public"."projects"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_name_badges_name_fk" FOREIGN KEY ("badge_name") REFERENCES "public"."badges"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tables_project_status_idx" ON "tables" USING btree ("project_slug","status","created_at");--> statement-breakpoint
CREATE INDEX "tables_creator_idx" ON "tables" USING btree ("creator_id");