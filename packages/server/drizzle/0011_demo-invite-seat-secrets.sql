-- Demo-invite links are per seat from now on: each colour's password is derived from the table's secret
-- (src/tables/invite.ts seatPassword). Links made before carried the secret itself, so whoever holds
-- one could work out every seat's password: each table gets a new secret with the next link asked for.
-- Seats already taken stay taken; links made before no longer open a seat.
UPDATE "tables" SET "invite_pwd" = NULL WHERE "invite_pwd" IS NOT NULL;
