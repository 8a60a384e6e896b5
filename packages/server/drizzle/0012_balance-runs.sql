-- Balance runs (issue 22): a designer's self-play runs and their reports, per project and version.
-- At most one run per project is running at a time: the partial unique index refuses a second one
-- even when two instances start runs at once. A game's row is written once, by the chunk that played it.
CREATE TABLE "balance_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_slug" text NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"request" jsonb NOT NULL,
	"games" integer NOT NULL,
	"games_done" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"report" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "balance_games" (
	"run_id" integer NOT NULL,
	"game" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "balance_games_run_id_game_pk" PRIMARY KEY("run_id","game")
);
--> statement-breakpoint
ALTER TABLE "balance_runs" ADD CONSTRAINT "balance_runs_project_slug_projects_slug_fk" FOREIGN KEY ("project_slug") REFERENCES "public"."projects"("slug") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "balance_games" ADD CONSTRAINT "balance_games_run_id_balance_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."balance_runs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "balance_runs_project_idx" ON "balance_runs" USING btree ("project_slug","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_runs_one_running_idx" ON "balance_runs" USING btree ("project_slug") WHERE "status" = 'running';
