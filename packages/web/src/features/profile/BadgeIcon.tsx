import { badgeHue } from "./profileLogic";

/** A small medal: a ribbon and a round medallion with a star, tinted by a hash of the badge's name. */
export function BadgeIcon({ name, size = 40 }: { name: string; size?: number }) {
  const hue = badgeHue(name);
  const main = `hsl(${hue} 65% 45%)`;
  const light = `hsl(${hue} 70% 70%)`;
  const ribbon = `hsl(${(hue + 180) % 360} 45% 45%)`;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M12 2h7l-3 14h-7z" fill={ribbon} />
      <path d="M28 2h-7l3 14h7z" fill={ribbon} opacity="0.8" />
      <circle cx="20" cy="25" r="12" fill={main} stroke="rgba(0,0,0,0.35)" strokeWidth="1" />
      <circle cx="20" cy="25" r="8.5" fill="none" stroke={light} strokeWidth="1.5" />
      <path d="M20 18.5l1.9 3.9 4.3.6-3.1 3 .7 4.3-3.8-2-3.8 2 .7-4.3-3.1-3 4.3-.6z" fill={light} />
    </svg>
  );
}
