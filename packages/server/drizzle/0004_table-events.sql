CREATE TABLE "table_chat" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'chat' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_events" (
	"table_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"turn_uid" text,
	"user_id" integer,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_events_table_id_seq_pk" PRIMARY KEY("table_id","seq")
);
--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "table_chat" ADD CONSTRAINT "table_chat_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_chat" ADD CONSTRAINT "table_chat_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_events" ADD CONSTRAINT "table_events_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_events" ADD CONSTRAINT "table_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_chat_table_idx" ON "table_chat" USING btree ("table_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_events_turn_uid_idx" ON "table_events" USING btree ("table_id","turn_uid");