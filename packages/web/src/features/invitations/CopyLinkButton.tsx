import { CopyButton } from "../../lib/CopyButton";
import { registrationLink } from "./invitations";

/** Copies the registration link of an invitation code. */
export function CopyLinkButton({ code }: { code: string }) {
  return (
    <CopyButton
      label={`Copy registration link for ${code}`}
      text={() => registrationLink(window.location.origin, code)}
    />
  );
}
