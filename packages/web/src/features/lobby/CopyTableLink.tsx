import { CopyButton } from "../../lib/CopyButton";

/** Copies the table page's absolute URL. */
export function CopyTableLink({ path }: { path: string }) {
  return <CopyButton label="Copy table link" text={() => new URL(path, window.location.origin).href} />;
}
