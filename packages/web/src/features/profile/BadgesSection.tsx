import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { BADGE_DESCRIPTION_MAX, BADGE_DISPLAY_NAME_MAX, BADGE_NAME_MAX, type Badge } from "@tt/protocol";
import { type FormEvent, useState } from "react";
import { useAllBadges, useAwardBadge, useRemoveBadge } from "./api";
import { BadgeList } from "./BadgeList";
import {
  awardRequest,
  type BadgeDraft,
  emptyDraft,
  firstChoice,
  NEW_BADGE,
  offeredBadges,
} from "./badgeAward";

/**
 * The profile's 'Badges'. A site admin also gives and takes them here (the spec names no place for
 * it): 'Award a badge' picks one that exists or defines a new one. The server checks the role again
 * and its refusal shows as it is.
 */
export function BadgesSection({
  username,
  badges,
  admin,
}: {
  username: string;
  badges: Badge[];
  admin: boolean;
}) {
  if (!admin) return <BadgeList badges={badges} />;
  return <AdminBadges username={username} badges={badges} />;
}

function AdminBadges({ username, badges }: { username: string; badges: Badge[] }) {
  const remove = useRemoveBadge(username);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const onRemove = (badge: Badge) => {
    setNote(null);
    remove.mutate(
      { name: badge.name },
      {
        onSuccess: () => setNote({ error: false, text: `Removed the badge '${badge.displayName}'.` }),
        onError: (err) => setNote({ error: true, text: err.message }),
      },
    );
  };
  return (
    <>
      <BadgeList badges={badges} onRemove={onRemove} busy={remove.isPending} />
      <AwardForm username={username} held={badges} onNote={setNote} />
      {note && (
        <Alert
          severity={note.error ? "error" : "success"}
          role={note.error ? "alert" : "status"}
          sx={{ mt: 2 }}
        >
          {note.text}
        </Alert>
      )}
    </>
  );
}

function AwardForm({
  username,
  held,
  onNote,
}: {
  username: string;
  held: Badge[];
  onNote: (note: { error: boolean; text: string } | null) => void;
}) {
  const all = useAllBadges(true);
  const award = useAwardBadge(username);
  const offered = offeredBadges(all.data ?? [], held);
  const [draft, setDraft] = useState<BadgeDraft | null>(null);
  // Until the admin picks, the form shows the first badge on offer (or a new one).
  const shown = draft ?? emptyDraft(firstChoice(offered));
  const set = (change: Partial<BadgeDraft>) => setDraft({ ...shown, ...change });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = awardRequest(username, shown);
    if (!check.ok) {
      onNote({ error: true, text: check.message });
      return;
    }
    onNote(null);
    award.mutate(check.request, {
      onSuccess: (list) => {
        const given = list.find((b) => b.name === check.request.name);
        onNote({ error: false, text: `Awarded the badge '${given?.displayName ?? check.request.name}'.` });
        setDraft(null);
      },
      onError: (err) => onNote({ error: true, text: err.message }),
    });
  };

  if (all.isError) {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        {all.error.message}
      </Alert>
    );
  }
  const isNew = shown.choice === NEW_BADGE;
  return (
    <Box
      component="form"
      aria-labelledby="award-badge-heading"
      onSubmit={submit}
      sx={{ mt: 3, display: "grid", gap: 1.5, maxWidth: 520 }}
    >
      <Typography id="award-badge-heading" variant="h3">
        Award a badge
      </Typography>
      <TextField
        select
        label="Badge"
        value={all.isPending ? "" : shown.choice}
        disabled={all.isPending}
        onChange={(e) => setDraft(emptyDraft(e.target.value))}
      >
        {offered.map((b) => (
          <MenuItem key={b.name} value={b.name}>
            {b.displayName}
          </MenuItem>
        ))}
        <MenuItem value={NEW_BADGE}>New badge...</MenuItem>
      </TextField>
      {isNew && (
        <>
          <TextField
            label="Badge name"
            value={shown.name}
            onChange={(e) => set({ name: e.target.value })}
            helperText="Its id: lower-case letters, digits, '-' and '_'"
            slotProps={{ htmlInput: { maxLength: BADGE_NAME_MAX } }}
          />
          <TextField
            label="Display name"
            value={shown.displayName}
            onChange={(e) => set({ displayName: e.target.value })}
            slotProps={{ htmlInput: { maxLength: BADGE_DISPLAY_NAME_MAX } }}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={shown.description}
            onChange={(e) => set({ description: e.target.value })}
            slotProps={{ htmlInput: { maxLength: BADGE_DESCRIPTION_MAX } }}
          />
        </>
      )}
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={award.isPending || all.isPending}
          startIcon={award.isPending ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
        >
          Award badge
        </Button>
      </div>
    </Box>
  );
}
