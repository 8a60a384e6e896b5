import MenuIcon from "@mui/icons-material/Menu";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { ProjectInfo } from "@tt/protocol";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { isAdminInfo, NOT_FOUND, useAdminInfo } from "./api";
import { BalanceLabSection } from "./BalanceLabSection";
import { DangerZoneSection } from "./DangerZoneSection";
import { DataSheetSection } from "./DataSheetSection";
import { DecksSection } from "./DecksSection";
import { DescriptionSection, DescriptionText } from "./DescriptionSection";
import { sortedDecks, useDecks } from "./decksApi";
import { FeedbackFormSection } from "./FeedbackFormSection";
import { GameImplementationSection } from "./GameImplementationSection";
import { GlobalAssetsSection } from "./GlobalAssetsSection";
import { OptionsSection } from "./OptionsSection";
import { Section } from "./parts";
import { RolesSection, VisibilityControl, VisibilityText } from "./RolesSection";
import {
  activeSection,
  DECK_SCROLL_DELAY_MS,
  DRAWER_WIDTH,
  type NavEntry,
  navEntries,
  SECTION_IDS,
} from "./scrollSpy";

/** Project administration /projects/{projectSlug}/admin (admin-decks-editor.md section 2). */
export default function AdminPage() {
  const { projectSlug = "" } = useParams();
  const title = `${projectSlug} administration`;
  useDocumentTitle(title);
  const info = useAdminInfo(projectSlug);
  if (info.isPending) return <WaitState message="Loading project info..." />;
  if (!info.data)
    return (
      <Alert severity="error" role="alert">
        {NOT_FOUND}
      </Alert>
    );
  return <Admin key={projectSlug} info={info.data} title={title} />;
}

function Admin({ info, title }: { info: ProjectInfo; title: string }) {
  // The advanced sections and every form are for the project's mods and designers and site admins; the
  // others who may open the project read its description, visibility and roles (sections 2 and 6).
  const full = isAdminInfo(info) ? info : null;
  const decks = useDecks(info.slug, full !== null);
  // Editors always get the description editor, so that one can be added; others only read one that exists.
  const showDescription = full !== null || info.description.trim() !== "";
  const entries = navEntries(
    { privileged: full !== null, description: showDescription },
    decks.data ? sortedDecks(decks.data.decks) : [],
  );
  const [navOpen, setNavOpen] = useState(() => window.innerWidth >= 900);
  const [expandedDeck, setExpandedDeck] = useState<string | null>(null);
  const active = useScrollSpy(entries);
  const go = (entry: NavEntry) => {
    const scroll = () =>
      document.getElementById(entry.id)?.scrollIntoView({ behavior: "smooth", block: "start" });
    if (entry.deckId === undefined) scroll();
    else {
      setExpandedDeck(entry.deckId);
      window.setTimeout(scroll, DECK_SCROLL_DELAY_MS);
    }
  };
  const mayMaintain = info.rights.maintain;
  return (
    <Box sx={{ display: "flex", gap: 3, alignItems: "flex-start" }}>
      {navOpen && <Nav entries={entries} active={active} onGo={go} />}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack
          id={SECTION_IDS.top}
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", mb: 2, scrollMarginTop: 80 }}
        >
          <Tooltip title={navOpen ? "Hide navigation" : "Show navigation"}>
            <IconButton
              aria-label="Toggle navigation"
              aria-expanded={navOpen}
              aria-controls="admin-nav"
              onClick={() => setNavOpen((o) => !o)}
            >
              <MenuIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h1">{title}</Typography>
        </Stack>
        {showDescription && (
          <Section id={SECTION_IDS.description} title="Description">
            {full ? <DescriptionSection info={full} /> : <DescriptionText info={info} />}
          </Section>
        )}
        <Section id={SECTION_IDS.visibility} title="Visibility and roles">
          {full ? <VisibilityControl info={full} /> : <VisibilityText visibility={info.visibility} />}
          <RolesSection info={info} />
        </Section>
        {full && (
          <>
            <Section id={SECTION_IDS.feedbackForm} title="Feedback form">
              <FeedbackFormSection info={full} />
            </Section>
            <Section id={SECTION_IDS.options} title="Options">
              <OptionsSection info={full} />
            </Section>
            <Section id={SECTION_IDS.dangerZone} title="Danger zone">
              <DangerZoneSection info={full} />
            </Section>
            <Section id={SECTION_IDS.gameImplementation} title="Game implementation">
              <GameImplementationSection slug={info.slug} mayEdit={mayMaintain} />
            </Section>
            {mayMaintain && (
              <Section id="admin-balance-lab" title="Balance lab">
                <BalanceLabSection slug={info.slug} options={full.options} />
              </Section>
            )}
            <Section id={SECTION_IDS.globalAssets} title="Global assets">
              <GlobalAssetsSection slug={info.slug} mayEdit={mayMaintain} />
            </Section>
            <Section id={SECTION_IDS.dataSheet} title="Data sheet">
              {decks.data ? (
                <DataSheetSection slug={info.slug} info={decks.data} />
              ) : (
                <DecksLoading error={decks.error} />
              )}
            </Section>
            <Section id={SECTION_IDS.decks} title="Decks">
              {decks.data ? (
                <DecksSection
                  slug={info.slug}
                  info={decks.data}
                  expanded={expandedDeck}
                  onExpand={setExpandedDeck}
                />
              ) : (
                <DecksLoading error={decks.error} />
              )}
            </Section>
          </>
        )}
      </Box>
    </Box>
  );
}

function DecksLoading({ error }: { error: Error | null }) {
  return error ? <Alert severity="error">{error.message}</Alert> : <Typography>Loading decks...</Typography>;
}

function Nav({
  entries,
  active,
  onGo,
}: {
  entries: NavEntry[];
  active: string | null;
  onGo: (entry: NavEntry) => void;
}) {
  return (
    <Paper
      component="nav"
      id="admin-nav"
      aria-label="Administration sections"
      variant="outlined"
      sx={{ width: DRAWER_WIDTH, flexShrink: 0, position: "sticky", top: 72 }}
    >
      <List dense>
        {entries.map((e) => (
          <ListItem key={e.id} disablePadding>
            <ListItemButton
              selected={active === e.id}
              aria-current={active === e.id ? "location" : undefined}
              onClick={() => onGo(e)}
              sx={e.deckId === undefined ? undefined : { pl: 4 }}
            >
              <ListItemText primary={e.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** The id of the section in view, by scroll position with the one-sixth offset. */
function useScrollSpy(entries: NavEntry[]): string | null {
  const ids = entries.map((e) => e.id).join(" ");
  const [active, setActive] = useState<string | null>(entries[0]?.id ?? null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const tops = ids
        .split(" ")
        .map((id) => ({ id, top: document.getElementById(id)?.getBoundingClientRect().top }))
        .filter((t): t is { id: string; top: number } => t.top !== undefined);
      const atBottom =
        window.scrollY > 0 &&
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(activeSection(tops, window.innerHeight, atBottom));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      window.cancelAnimationFrame(frame);
    };
  }, [ids]);
  return active;
}
