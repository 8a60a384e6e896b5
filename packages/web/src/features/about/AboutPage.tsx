import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { BOT_CAPS, STORAGE_KEYS } from "@tt/protocol";
import { type ReactNode, useEffect } from "react";
import { local } from "../../lib/storage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 3, mb: 2 }}>
      <Typography id={id} variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const P = ({ children }: { children: ReactNode }) => <Typography sx={{ mb: 1.5 }}>{children}</Typography>;

export default function AboutPage() {
  useDocumentTitle("How to use");
  useEffect(() => {
    local.setItem(STORAGE_KEYS.aboutRead, "1");
  }, []);
  return (
    <article aria-labelledby="about-heading">
      <Typography id="about-heading" variant="h1" gutterBottom>
        How to use
      </Typography>
      <Section id="about-ui" title="User interface basics">
        <P>
          Everything on a table works by single clicks. Click a card, piece or token to select it; the places
          it may go light up. Then click the destination. There is no drag and drop.
        </P>
        <P>
          To deselect, click the selected component again or press <kbd>Esc</kbd>. Press <kbd>G</kbd> to ping
          the place under your pointer so the other players see where you mean. Hold <kbd>Alt</kbd> for a zoom
          lens over small cards, and use <kbd>Ctrl</kbd> plus the mouse wheel to zoom the whole table.
        </P>
        <P>Every table has a chat. Use it to talk to the other players while you play.</P>
      </Section>
      <Section id="about-edit" title="Edit mode">
        <P>
          Press <kbd>E</kbd> or use the Edit mode button to switch it on and off. In Edit mode you can make
          any move and adjust any component (move it, flip it, change counters) without the rules getting in
          the way. It exists to fix games that went wrong, not to win them.
        </P>
        <P>
          Whether you may use Edit mode depends on the table mode (see below). Cheat mode, for testing special
          situations, is in the table settings.
        </P>
      </Section>
      <Section id="about-errors" title="Errors">
        <P>These games are prototypes, and prototypes break. If a game gets stuck:</P>
        <ol>
          <li>
            <Typography>
              Refresh the page. Most glitches are gone after a reload, and nothing is lost.
            </Typography>
          </li>
          <li>
            <Typography>Switch on Edit mode and put things right by hand.</Typography>
          </li>
          <li>
            <Typography>
              If that does not help, report it on the testing chat channel with the table link and what you
              did just before, so the designers can reproduce it.
            </Typography>
          </li>
        </ol>
      </Section>
      <Section id="about-lobby" title="Lobby">
        <P>
          Pick a game on the home page to open its lobby. There you can join an open table or create a new
          one. Anyone can create tables, and there is no limit on the number of tables per user. You can
          delete a table you created as long as it has not ended.
        </P>
        <P>
          Competitive tables are joined through a link: the creator shares it, you open it and take a colour,
          and the creator starts the game.
        </P>
      </Section>
      <Section id="about-bots" title="Playing against bots">
        <P>
          In a game&apos;s lobby, <strong>Play against bots</strong> makes a table, seats you, gives every
          other seat a bot and starts the game at once. Where the game seats more than two, choose the number
          of players beside the button first. Bots are offered for the games whose rules they can play.
        </P>
        <P>
          You can also seat bots yourself: create a competitive table (you take the first colour), open it
          with <strong>Open table page</strong> on its tile, use <strong>Seat a bot</strong> beside each empty
          seat, then start the game. Bots are marked as bots in the player areas and the log.
        </P>
        <P>
          Each player may have at most {BOT_CAPS.tablesPerUser} tables with bots running at a time, and at
          most {BOT_CAPS.seatsPerUser} bots seated across their tables that have not ended: finish or delete a
          table to make room.
        </P>
        <P>
          Bots pause while nobody has the table open, and play on when you come back. A table with bots that
          nobody has opened or played at for {BOT_CAPS.idleEndMinutes} minutes ends by itself.
        </P>
      </Section>
      <Section id="about-modes" title="Table modes">
        <ul>
          <li>
            <Typography>
              <strong>Public sandbox</strong>: starts at once; any player can play any colour and use Edit
              mode. The creator picks the colours.
            </Typography>
          </li>
          <li>
            <Typography>
              <strong>Private sandbox</strong>: the same, but only the creator sees the table and plays every
              colour. Good for learning a game or trying out a situation alone.
            </Typography>
          </li>
          <li>
            <Typography>
              <strong>Competitive with Edit mode enabled</strong>: each colour belongs to one user. The
              creator starts the game, others join through the shared link, and players may use Edit mode.
              Edit mode there shows no hidden card except through Look, and every player reads each edit move
              in the log.
            </Typography>
          </li>
          <li>
            <Typography>
              <strong>Competitive with Edit mode disabled</strong>: the same, but the rules are enforced and
              nobody can use Edit mode.
            </Typography>
          </li>
          <li>
            <Typography>
              <strong>Demo invite</strong>: offered only to staff and to a game's designers and moderators,
              for showing a game to invited guests.
            </Typography>
          </li>
        </ul>
      </Section>
      <Section id="about-tips" title="Useful tips">
        <ul>
          <li>
            <Typography>
              Hover over a component to see its tooltip; it often explains what a click will do.
            </Typography>
          </li>
          <li>
            <Typography>
              Zoom with Ctrl plus the wheel on big boards, and hold Alt to read small print.
            </Typography>
          </li>
          <li>
            <Typography>
              Creating a new table removes the previous table you created and never started, so you do not
              leave empty tables behind.
            </Typography>
          </li>
          <li>
            <Typography>
              When you report a problem, include the table link: it lets the team replay the game move by
              move.
            </Typography>
          </li>
        </ul>
      </Section>
    </article>
  );
}
