-- Each user's look-alike key (src/auth/nameSkeleton.ts: Unicode's skeleton of the name, lower-cased),
-- so a registration finds an existing name it could pass for in one indexed query. Rows from before
-- get theirs from the server at the next registration: SQL cannot compute a skeleton.
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE INDEX "users_username_skeleton_idx" ON "users" USING btree ("username_skeleton");