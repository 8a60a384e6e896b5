import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import { useState } from "react";
import { local } from "../../lib/storage";
import { readTooltipPreference, TOOLTIP_KEY, tooltipValue } from "./profileLogic";

/** 'Display hover tooltips', kept in local storage as '1' or '0' (owner only, spec section 5). */
export function TooltipPreference() {
  const [display, setDisplay] = useState(() => readTooltipPreference(local.getItem(TOOLTIP_KEY)));
  const change = (checked: boolean) => {
    setDisplay(checked);
    local.setItem(TOOLTIP_KEY, tooltipValue(checked));
  };
  return (
    <FormControlLabel
      control={<Checkbox checked={display} onChange={(e) => change(e.target.checked)} />}
      label="Display hover tooltips"
    />
  );
}
