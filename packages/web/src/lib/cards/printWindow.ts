import { PRINT_DELAY_MS } from "@tt/engine";

/**
 * Fills a window opened with window.open("") with the print document and prints it PRINT_DELAY_MS
 * after that window's load event (which waits for the card images), so images have decoded.
 * The window must be opened by the click itself, before any await, or popup blockers stop it.
 */
export function writeAndPrint(win: Window, html: string): void {
  let printed = false;
  const printSoon = () => {
    if (printed) return;
    printed = true;
    const print = () =>
      win.setTimeout(() => {
        if (!win.closed) win.print();
      }, PRINT_DELAY_MS);
    // The load event does not wait for web fonts (a deck's uploaded fonts); their loading does.
    const fonts = win.document.fonts as FontFaceSet | undefined;
    if (fonts === undefined) print();
    else void fonts.ready.then(print, print);
  };
  win.document.open();
  // After open(): opening a document erases the listeners already on its window.
  win.addEventListener("load", printSoon, { once: true });
  win.document.write(html);
  win.document.close();
  // A document without images may have finished loading before the listener could fire.
  if (win.document.readyState === "complete") printSoon();
}
