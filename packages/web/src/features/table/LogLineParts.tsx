// The parts of a game log line beyond its words (eventLog.ts logLineView): a player named in their
// colour, and a small picture of the component the line is about (logDisplayComponent): the image the
// board draws for this viewer.

import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { LogMessage } from "@tt/engine";
import { BotMark, useBotAt } from "./BotMark";
import type { ComponentView } from "./componentView";
import type { LogLineView } from "./eventLog";
import { assetUrl } from "./layout";

const LOG_STYLE: Record<string, string> = { edit: "#8e24aa", normal: "inherit" };

/**
 * One line of the game log: the component it is about, the actor, whom it is about, an edit mark and
 * its words. With `onCtrlClick` (an admin on an ended table) a Ctrl-click forks a debug table there.
 * A `move` line is one of the move lines behind a turn's summary: indented and smaller under it.
 */
export function LogLine({
  line,
  extra,
  slug,
  onCtrlClick,
  move = false,
}: {
  line: LogMessage & { seq?: number };
  extra: LogLineView | undefined;
  slug: string;
  onCtrlClick?: (seq: number) => void;
  move?: boolean;
}) {
  return (
    <Box
      onClick={
        onCtrlClick && line.seq !== undefined
          ? (event) => {
              if ((event.ctrlKey || event.metaKey) && line.seq !== undefined) onCtrlClick(line.seq);
            }
          : undefined
      }
      title={onCtrlClick ? "Ctrl-click: debug table at this event" : undefined}
      data-seq={line.seq}
      data-log-move={move ? "true" : undefined}
      sx={{
        pl: (line.event.logIndent + (move ? 2 : 0)) * 2,
        color: move ? "text.secondary" : (LOG_STYLE[line.event.logStyle] ?? "inherit"),
        fontSize: move ? 12 : undefined,
        py: move ? 0 : 0.25,
      }}
    >
      {extra?.component && <LogThumbnail view={extra.component} slug={slug} />}
      {/* Parts are parted by spaces, not margins: the line's text reads 'red bought Silk for 3 coins'
          when copied or read out, not 'redbought'. */}
      {extra?.source ? (
        <>
          <LogPlayer name={extra.source.name} color={extra.source.color} part="source" />{" "}
        </>
      ) : (
        line.event.sourcePlayer && (
          <>
            <Typography component="span" variant="caption" sx={{ fontWeight: 700 }}>
              {line.event.sourcePlayer}
            </Typography>{" "}
          </>
        )
      )}
      {extra?.target && (
        // Whom the line is about, when not the actor: 'red -> blue gained 4 coins'.
        <>
          <Box component="span" aria-hidden="true">
            {"\u2192"}
          </Box>{" "}
          <LogPlayer name={extra.target.name} color={extra.target.color} part="target" />{" "}
        </>
      )}
      {line.event.editMode && (
        // Edit moves stand out for everyone, in words as well as colour.
        <>
          <Typography
            component="span"
            variant="caption"
            sx={{ fontWeight: 700, px: 0.5, border: "1px solid", borderRadius: 1 }}
          >
            edit
          </Typography>{" "}
        </>
      )}
      {line.message}
    </Box>
  );
}

/** Height of a log line's component picture, in px. */
export const LOG_THUMB_HEIGHT = 36;

/** A player's name with a swatch of their colour before it. */
export function LogPlayer({ name, color, part }: { name: string; color: string; part: "source" | "target" }) {
  // The line's actor or target by colour: a bot's colour carries its mark.
  const bot = useBotAt(name);
  return (
    <Box
      component="span"
      data-log-player={part}
      // Inline, not flex: a flex item would break the line's text for copy and for readers of innerText.
      sx={{ fontWeight: 700, fontSize: 12 }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          display: "inline-block",
          width: 10,
          height: 10,
          mr: 0.5,
          verticalAlign: "middle",
          borderRadius: "50%",
          bgcolor: color,
          border: "1px solid rgba(0,0,0,0.3)",
        }}
      />
      {/* The name in the text's own colour: the swatch carries the colour, as 'blue' on white or
          'yellow' on white would fail contrast (axe, WCAG AA). */}
      <Box component="span">{name}</Box>
      {bot !== null && <BotMark label={bot} />}
    </Box>
  );
}

/** The component of a log line: its image at the line's height, named for screen readers. */
export function LogThumbnail({ view, slug }: { view: ComponentView; slug: string }) {
  const { width, height } = view.info;
  return (
    <Box
      component="img"
      src={assetUrl(slug, view.image)}
      alt={view.name}
      data-log-component="true"
      draggable={false}
      sx={{
        display: "inline-block",
        verticalAlign: "middle",
        height: LOG_THUMB_HEIGHT,
        width: (LOG_THUMB_HEIGHT * width) / Math.max(1, height),
        mr: 0.5,
        objectFit: "contain",
        borderRadius: `${(view.info.borderRadius * LOG_THUMB_HEIGHT) / Math.max(1, height)}px`,
      }}
    />
  );
}
