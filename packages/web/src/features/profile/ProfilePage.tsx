import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { STORAGE_KEYS } from "@tt/protocol";
import type { ReactNode } from "react";
import { useId } from "react";
import { useParams } from "react-router";
import { isSiteAdmin } from "../../lib/roles";
import { local } from "../../lib/storage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { useCurrentUser } from "../../services/auth";
import type { Viewer } from "../lobby";
import { useBadges, useBio, useGameStats } from "./api";
import { BadgesSection } from "./BadgesSection";
import { BioSection } from "./BioSection";
import { FinishedTables } from "./FinishedTables";
import { GamesPlayed } from "./GamesPlayed";
import { isOwner } from "./profileLogic";
import { TooltipPreference } from "./TooltipPreference";

/** The user profile /user/{username} (platform-lobby-accounts.md section 2, 'Profile'). */
export default function ProfilePage() {
  const { username = "" } = useParams();
  useDocumentTitle(username);
  // A new name in the address is a new page: no state carries over from the previous profile.
  return <Profile key={username.toLowerCase()} username={username} />;
}

function Profile({ username }: { username: string }) {
  const user = useCurrentUser().data;
  const stats = useGameStats(username);
  const bio = useBio(username);
  const badges = useBadges(username);

  const failed = [stats, bio, badges].find((q) => q.isError);
  // Spec section 8: the HTTP status text in place of the page.
  if (failed) {
    return (
      <Alert severity="error" role="alert">
        {failed.error?.message}
      </Alert>
    );
  }
  if (stats.data === undefined || bio.data === undefined || badges.data === undefined)
    return <WaitState message="Loading profile..." />;

  const viewer: Viewer = {
    username: user?.username ?? local.getItem(STORAGE_KEYS.userName) ?? "",
    role: user?.role ?? local.getItem(STORAGE_KEYS.userRole) ?? "",
  };
  const owner = isOwner(viewer.username, username);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{username}</Typography>
      <Section title="Badges">
        <BadgesSection username={username} badges={badges.data} admin={isSiteAdmin(viewer.role)} />
      </Section>
      <Section title="Bio">
        <BioSection username={username} bio={bio.data} owner={owner} />
      </Section>
      {owner && (
        <Section title="Game setup preferences">
          <TooltipPreference />
        </Section>
      )}
      <Section title="Games played">
        <GamesPlayed stats={stats.data} />
      </Section>
      <Section title="Recently finished tables" plain>
        <FinishedTables username={username} viewer={viewer} />
      </Section>
    </Stack>
  );
}

function Section({
  title,
  plain = false,
  children,
}: {
  title: string;
  plain?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <Typography id={id} variant="h2" gutterBottom>
      {title}
    </Typography>
  );
  if (plain) {
    return (
      <section aria-labelledby={id}>
        {heading}
        {children}
      </section>
    );
  }
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      {heading}
      {children}
    </Paper>
  );
}
