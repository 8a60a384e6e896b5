// Decks (admin-decks-editor.md sections 2, 3, 4, 7 and 8): create a deck, then for each deck (a
// collapsible panel titled with its name and ID) the source sheet settings, the source .psd, the
// deck's own assets, the card viewer and the print / PDF export.

import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Deck, type DeckFont, deckReport, safeFontName } from "@tt/engine";
import {
  ASSET_MAX_BYTES,
  DECK_ASSET_EXTENSIONS,
  DECK_NAME_PATTERN,
  DECK_PROBLEMS_HEADING,
  type DecksInfo,
  networkError,
  PSD_MAX_BYTES,
  STATUS,
  uploadError,
  XLSX_MAX_BYTES,
} from "@tt/protocol";
import { useMemo, useState } from "react";
import { api, failureText } from "../../lib/api";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { CardViewer, PrintControls, useDeckFonts } from "../../lib/cards";
import { upload } from "../../lib/upload";
import { deckSectionId, paths, sortedDecks, useRefreshDecks } from "./decksApi";
import { StatusText, UploadButton, UploadProgress, useStatus, XLSX_ACCEPT } from "./parts";

/** Opens the external spreadsheet by its id (section 2), at the sheet host the server is set up with. */
export const sheetLink = (template: string, sheetId: string) =>
  template.replaceAll("{id}", encodeURIComponent(sheetId));

export function DecksSection(props: {
  slug: string;
  info: DecksInfo;
  expanded: string | null;
  onExpand: (deckId: string | null) => void;
}) {
  const { slug, info, expanded, onExpand } = props;
  const refresh = useRefreshDecks(slug);
  const [name, setName] = useState("");
  const create = useStatus();
  const decks = sortedDecks(info.decks);
  const valid = DECK_NAME_PATTERN.test(name.trim());

  const createDeck = async () => {
    create.busy(STATUS.creatingDeck);
    const result = await api<Deck>(paths.createDeck(slug), {
      method: "POST",
      body: { deckName: name.trim() },
    });
    if (result.ok && result.json) {
      create.ok(`Deck ${result.json.name} created.`);
      setName("");
      await refresh();
      onExpand(result.json.id);
    } else create.fail(failureText(result));
  };

  return (
    <Stack spacing={2}>
      {info.mayEdit && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            size="small"
            label="New deck name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={name !== "" && !valid}
            helperText={name !== "" && !valid ? "1-40 letters, digits, spaces, '-' or '_'." : " "}
          />
          <Button variant="contained" disabled={!valid} onClick={() => void createDeck()}>
            Create deck
          </Button>
          <StatusText status={create.status} />
        </Stack>
      )}
      {decks.length === 0 && <Typography variant="body2">No decks yet.</Typography>}
      {decks.map((deck) => (
        <DeckPanel
          key={deck.id}
          slug={slug}
          deck={deck}
          mayEdit={info.mayEdit}
          sheetOpenUrl={info.sheetOpenUrl}
          expanded={expanded === deck.id}
          onToggle={(open) => onExpand(open ? deck.id : null)}
        />
      ))}
    </Stack>
  );
}

function DeckPanel(props: {
  slug: string;
  deck: Deck;
  mayEdit: boolean;
  sheetOpenUrl: string;
  expanded: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { slug, deck, mayEdit, sheetOpenUrl, expanded, onToggle } = props;
  const headingId = `${deckSectionId(deck)}-heading`;
  return (
    <Accordion
      id={deckSectionId(deck)}
      expanded={expanded}
      onChange={(_event, open) => onToggle(open)}
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ scrollMarginTop: 80 }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`${deckSectionId(deck)}-body`}
        id={headingId}
      >
        {/* The accordion's summary is already a heading (h3): the title is its text. */}
        <Typography component="span" variant="h3" sx={{ fontSize: "1.1rem" }}>
          {deck.name} (ID {deck.id})
        </Typography>
      </AccordionSummary>
      {/* MUI gives the region around the details the id aria-controls names. */}
      <AccordionDetails>
        <Stack spacing={3}>
          <DeckProblems deck={deck} />
          {mayEdit && <SheetSettings slug={slug} deck={deck} sheetOpenUrl={sheetOpenUrl} />}
          {mayEdit && <PsdUpload slug={slug} deck={deck} />}
          <DeckAssets slug={slug} deck={deck} mayEdit={mayEdit} />
          <Box component="section" aria-label={`Preview of ${deck.name}`}>
            <Typography variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}>
              Preview
            </Typography>
            <CardViewer deck={deck} deckName={deck.name} />
          </Box>
          <Box component="section" aria-label={`Print and PDF of ${deck.name}`}>
            <Typography variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}>
              Print and PDF
            </Typography>
            <PrintControls deck={deck} deckName={deck.name} slug={slug} />
          </Box>
          {mayEdit && <EraseDeck slug={slug} deck={deck} />}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * What the deck's cards trip over, worked out by the engine that draws them (deckReport; the server
 * answers an upload with the same list): rows left out, unknown rules and layers, missing images.
 */
function DeckProblems({ deck }: { deck: Deck }) {
  const problems = useMemo(() => deckReport(deck), [deck]);
  if (problems.length === 0) return null;
  return (
    <Alert severity="warning" aria-label={`${DECK_PROBLEMS_HEADING}: ${deck.name}`}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {DECK_PROBLEMS_HEADING}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </Box>
    </Alert>
  );
}

function SheetSettings({ slug, deck, sheetOpenUrl }: { slug: string; deck: Deck; sheetOpenUrl: string }) {
  const refresh = useRefreshDecks(slug);
  const [form, setForm] = useState({
    sheetId: deck.sheetId,
    rulesSheetName: deck.rulesSheetName,
    rulesRevSheetName: deck.rulesRevSheetName,
    dataSheetName: deck.dataSheetName,
  });
  const status = useStatus();
  const [progress, setProgress] = useState<number | null>(null);
  const body = { ...form, deckId: deck.id, deckName: deck.name, projectSlug: slug };

  const fromSheet = async () => {
    status.busy(form.sheetId.trim() ? STATUS.loadingSheet : STATUS.updating);
    const result = await api<Deck>(paths.deckSheet(slug), { method: "POST", body });
    if (result.ok) status.ok(`${STATUS.updateSuccess}: ${cardCount(result.json?.cards.length ?? 0)}.`);
    else status.fail(failureText(result));
    await refresh();
  };

  const fromFile = async (file: File) => {
    if (file.size > XLSX_MAX_BYTES) {
      status.fail("The file is larger than 10 MB.");
      return;
    }
    const data = new FormData();
    for (const [k, v] of Object.entries(body)) data.append(k, v);
    data.append("xlsx", file);
    status.busy(STATUS.uploading);
    setProgress(0);
    const result = await upload<Deck>(paths.deckSheet(slug), data, { onProgress: setProgress });
    setProgress(null);
    if (result.ok) status.ok(`${STATUS.updateSuccess}: ${cardCount(result.json?.cards.length ?? 0)}.`);
    else status.fail(failureText(result));
    await refresh();
  };

  const field = (key: keyof typeof form, label: string) => (
    <TextField
      size="small"
      label={label}
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );

  return (
    <Box component="section" aria-label={`Source sheet of ${deck.name}`}>
      <Typography variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}>
        Source sheet
      </Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {field("sheetId", "Sheet id")}
        {field("rulesSheetName", "Rules sheet")}
        {field("rulesRevSheetName", "Reverse rules sheet")}
        {field("dataSheetName", "Data sheet")}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Button variant="outlined" onClick={() => void fromSheet()}>
          Update from sheet
        </Button>
        <UploadButton
          inputLabel={`Spreadsheet for ${deck.name}`}
          accept={XLSX_ACCEPT}
          busy={progress !== null}
          onFiles={([chosen]) => chosen && void fromFile(chosen)}
        >
          Upload .xlsx
        </UploadButton>
        {form.sheetId.trim() !== "" && (
          <Link href={sheetLink(sheetOpenUrl, form.sheetId.trim())} target="_blank" rel="noopener noreferrer">
            Open the spreadsheet
          </Link>
        )}
      </Stack>
      <UploadProgress progress={progress} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {deck.cards.length} cards, {deck.rules.length} rules, {deck.rulesRev.length} reverse rules. With no
        sheet id and no file, the project's data sheet is read.
      </Typography>
      <StatusText status={status.status} />
    </Box>
  );
}

function PsdUpload({ slug, deck }: { slug: string; deck: Deck }) {
  const refresh = useRefreshDecks(slug);
  const status = useStatus();
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File) => {
    if (file.size > PSD_MAX_BYTES) {
      status.fail(uploadError("The file is larger than 50 MB."));
      return;
    }
    const data = new FormData();
    data.append("deckId", deck.id);
    data.append("deckCloudId", deck.id);
    data.append("deckName", deck.name);
    data.append("psdfile", file);
    status.busy(STATUS.loadingPsd);
    setProgress(0);
    const result = await upload(paths.deckPsd(slug), data, { onProgress: setProgress });
    setProgress(null);
    if (result.ok) status.ok(STATUS.psdUpdated);
    else if (result.status === 0) status.fail(networkError(result.text));
    else status.fail(uploadError(failureText(result)));
    await refresh();
  };

  return (
    <Box component="section" aria-label={`Source .psd of ${deck.name}`}>
      <Typography variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}>
        Source .psd
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {deck.cardInfo
          ? `Card ${deck.cardInfo.w} x ${deck.cardInfo.h} px, ${deck.layers.length} layers.`
          : "No .psd yet: the card template (size and layers) comes from it."}
      </Typography>
      <UploadButton
        inputLabel={`Photoshop file for ${deck.name}`}
        accept=".psd,image/vnd.adobe.photoshop"
        busy={progress !== null}
        onFiles={([chosen]) => chosen && void send(chosen)}
      >
        Upload .psd
      </UploadButton>
      <UploadProgress progress={progress} />
      <StatusText status={status.status} />
    </Box>
  );
}

function DeckAssets({ slug, deck, mayEdit }: { slug: string; deck: Deck; mayEdit: boolean }) {
  const refresh = useRefreshDecks(slug);
  const status = useStatus();
  const [erasing, setErasing] = useState<string | null>(null);
  const names = Object.keys(deck.assets).sort();

  // Font assets preview in their own font.
  useDeckFonts(deck.assets);
  const send = async (files: File[]) => {
    const tooBig = files.find((f) => f.size > ASSET_MAX_BYTES);
    if (tooBig) {
      status.fail(`${tooBig.name} is larger than 10 MB.`);
      return;
    }
    const data = new FormData();
    data.append("targetId", deck.id);
    for (const f of files) data.append("additional-assets", f);
    status.busy(STATUS.loadingAssets);
    const result = await upload(paths.deckAssets(slug), data);
    if (result.ok) status.ok(STATUS.assetsUpdated);
    else status.fail(failureText(result));
    await refresh();
  };

  const erase = async (assetName: string) => {
    const asset = deck.assets[assetName];
    const result = await api(paths.eraseDeckAsset(slug), {
      method: "POST",
      body: { assetUrl: asset?.url ?? "", targetId: deck.id, assetName },
    });
    if (!result.ok) status.fail(failureText(result));
    await refresh();
  };

  return (
    <Box component="section" aria-label={`Assets of ${deck.name}`}>
      <Typography variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}>
        Deck assets ({names.length})
      </Typography>
      {mayEdit && (
        <UploadButton
          inputLabel={`Assets for ${deck.name}`}
          accept={DECK_ASSET_EXTENSIONS.join(",")}
          multiple
          sx={{ mb: 1 }}
          onFiles={(chosen) => void send(chosen)}
        >
          Upload assets
        </UploadButton>
      )}
      <StatusText status={status.status} />
      <Box component="ul" sx={{ display: "flex", flexWrap: "wrap", gap: 1, p: 0, m: 0, listStyle: "none" }}>
        {names.map((n) => (
          <Box
            component="li"
            key={n}
            sx={{
              width: 120,
              border: 1,
              borderColor: "divider",
              borderRadius: 1,
              p: 0.5,
              textAlign: "center",
            }}
          >
            {deck.assets[n]?.font ? (
              <FontSample font={deck.assets[n].font} />
            ) : (
              <Box
                component="img"
                src={deck.assets[n]?.url}
                alt={n}
                loading="lazy"
                sx={{ maxWidth: "100%", height: 70, objectFit: "contain", bgcolor: "#eee" }}
              />
            )}
            <Typography variant="caption" component="div" sx={{ wordBreak: "break-all" }}>
              {n}
            </Typography>
            {mayEdit && (
              <Button size="small" color="error" onClick={() => setErasing(n)} aria-label={`Erase ${n}`}>
                Erase
              </Button>
            )}
          </Box>
        ))}
      </Box>
      <ConfirmDialog
        open={erasing !== null}
        title="Confirm deletion?"
        text={`Erase ${erasing ?? ""} from the deck's assets?`}
        confirmLabel="Erase"
        onConfirm={() => {
          if (erasing) void erase(erasing);
        }}
        onClose={() => setErasing(null)}
      />
    </Box>
  );
}

function EraseDeck({ slug, deck }: { slug: string; deck: Deck }) {
  const refresh = useRefreshDecks(slug);
  const [open, setOpen] = useState(false);
  const status = useStatus();
  const erase = async () => {
    const result = await api(paths.eraseDeck(slug), { method: "POST", body: { deckId: deck.id } });
    if (!result.ok) status.fail(failureText(result));
    await refresh();
  };
  return (
    <Box>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Delete deck
      </Button>
      <StatusText status={status.status} />
      <ConfirmDialog
        open={open}
        title="Confirm deletion?"
        text={`Delete the deck ${deck.name}, its cards, template and assets? Running tables keep their copy.`}
        confirmLabel="Delete"
        onConfirm={() => void erase()}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}

/** A font asset's tile: a sample in the font itself, and what the .psd must name to use it. */
function FontSample({ font }: { font: DeckFont }) {
  return (
    <Box
      role="img"
      aria-label={`Font ${font.family}, PostScript name ${font.postScript}`}
      sx={{ height: 70, display: "flex", flexDirection: "column", justifyContent: "center", bgcolor: "#eee" }}
    >
      <Box
        component="span"
        sx={{
          fontFamily: `"${safeFontName(font.postScript)}", sans-serif`,
          fontWeight: font.weight,
          fontStyle: font.italic ? "italic" : "normal",
          fontSize: 24,
          lineHeight: 1.2,
        }}
      >
        Aa
      </Box>
      <Typography variant="caption" component="span" sx={{ wordBreak: "break-all" }}>
        {font.postScript}
      </Typography>
    </Box>
  );
}

function cardCount(n: number): string {
  return n === 1 ? "1 card" : `${n} cards`;
}
