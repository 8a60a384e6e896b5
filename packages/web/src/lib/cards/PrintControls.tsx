import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import LinearProgress from "@mui/material/LinearProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CARD_INFO_MISSING, type Deck, defaultPdfCardWidthMm, PDF_WIDTH_STEP_MM } from "@tt/engine";
import { createElement, useEffect, useRef, useState } from "react";
import { deckFontCss } from "./fonts.js";
import { PrintSheet } from "./PrintSheet.js";
import { type PrintChoice, printCopies, printDocumentHtml, printTitle } from "./print.js";
import { writeAndPrint } from "./printWindow.js";

export interface PrintControlsProps {
  deck: Deck;
  deckName: string;
  /** The project, for the print window's title. */
  slug?: string;
}

/** The backs ('Save rev') are a file of their own, named apart from the fronts. */
export const pdfFileName = (deckName: string, rev: boolean) => `${deckName}${rev ? "-backs" : ""}.pdf`;

type ExportState =
  | { kind: "idle" }
  | { kind: "running"; done: number; total: number }
  | { kind: "finished"; text: string; error: boolean };

/** Print preview and PDF export of a deck: card width in mm, 'Save rev', 'Every card only once'. */
export function PrintControls({ deck, deckName, slug }: PrintControlsProps) {
  const defaultWidth = deck.cardInfo === null ? null : defaultPdfCardWidthMm(deck.cardInfo.w);
  const [widthText, setWidthText] = useState(defaultWidth === null ? "" : String(defaultWidth));
  const [rev, setRev] = useState(false);
  const [everyCardOnce, setEveryCardOnce] = useState(false);
  const [state, setState] = useState<ExportState>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);

  // A new .psd changes the card size, and with it the default width.
  useEffect(() => {
    setWidthText(defaultWidth === null ? "" : String(defaultWidth));
  }, [defaultWidth]);
  useEffect(() => () => abort.current?.abort(), []);

  const widthMm = Number(widthText);
  const widthValid = widthText.trim() !== "" && Number.isFinite(widthMm) && widthMm > 0;
  const choice: PrintChoice = { rev, everyCardOnce, widthMm };
  const cardCount = printCopies(deck, choice).length;
  const running = state.kind === "running";
  const ready = deck.cardInfo !== null && widthValid && cardCount > 0 && !running;

  const printPreview = () => {
    // Opened by the click itself, before anything asynchronous, or popup blockers stop it.
    const win = window.open("", "_blank");
    if (win === null) {
      setState({ kind: "finished", text: "The print window was blocked by the browser.", error: true });
      return;
    }
    void import("react-dom/server").then(({ renderToStaticMarkup }) => {
      const markup = renderToStaticMarkup(createElement(PrintSheet, { deck, choice }));
      writeAndPrint(win, printDocumentHtml(printTitle(deckName, slug), markup, deckFontCss(deck.assets)));
    });
  };

  const exportPdf = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "running", done: 0, total: 0 });
    try {
      const { exportDeckPdf, download } = await import("./exportPdf.js");
      const result = await exportDeckPdf(
        deck,
        deckName,
        choice,
        (p) => setState({ kind: "running", ...p }),
        controller.signal,
      );
      download(result.pdf, pdfFileName(deckName, choice.rev), "application/pdf");
      const missing = result.missing.length === 0 ? "" : ` Images not found: ${result.missing.join(", ")}`;
      setState({
        kind: "finished",
        text: `PDF ready: ${result.pageCount} pages.${missing}`,
        error: result.missing.length > 0,
      });
    } catch (error) {
      if (controller.signal.aborted)
        setState({ kind: "finished", text: "PDF export cancelled.", error: false });
      else setState({ kind: "finished", text: `PDF export failed: ${messageOf(error)}`, error: true });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  return (
    <Box>
      {deck.cardInfo === null ? (
        <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }}>
          {CARD_INFO_MISSING}
        </Typography>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <TextField
          label="Card width (mm)"
          type="number"
          size="small"
          value={widthText}
          onChange={(e) => setWidthText(e.target.value)}
          error={widthText !== "" && !widthValid}
          disabled={deck.cardInfo === null || running}
          slotProps={{ htmlInput: { step: PDF_WIDTH_STEP_MM, min: PDF_WIDTH_STEP_MM } }}
          sx={{ width: 160 }}
        />
        <FormControlLabel
          control={<Checkbox checked={rev} onChange={(e) => setRev(e.target.checked)} disabled={running} />}
          label="Save rev"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={everyCardOnce}
              onChange={(e) => setEveryCardOnce(e.target.checked)}
              disabled={running}
            />
          }
          label="Every card only once"
        />
        <Button variant="outlined" onClick={printPreview} disabled={!ready}>
          Print preview
        </Button>
        <Button variant="contained" onClick={() => void exportPdf()} disabled={!ready}>
          Export PDF
        </Button>
        <Typography variant="body2" color="text.secondary">
          {cardCount} {cardCount === 1 ? "card" : "cards"} to print
        </Typography>
      </Box>
      {state.kind === "running" ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 2, maxWidth: 560 }}>
          <LinearProgress
            variant="determinate"
            value={state.total === 0 ? 0 : (100 * state.done) / state.total}
            aria-label="PDF export progress"
            sx={{ flex: 1 }}
          />
          <Typography variant="body2" role="status" sx={{ whiteSpace: "nowrap" }}>
            {state.done} of {state.total} cards
          </Typography>
          <Button size="small" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </Box>
      ) : null}
      {state.kind === "finished" ? (
        <Typography
          role="status"
          variant="body2"
          sx={{ mt: 1, color: state.error ? "error.main" : "success.main", whiteSpace: "pre-wrap" }}
        >
          {state.text}
        </Typography>
      ) : null}
    </Box>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
