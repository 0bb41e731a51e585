import { createIcon } from '@chakra-ui/react';

/*
 * The app's own icons, drawn as SVG through Chakra's createIcon (the app ships no icon package, and a
 * character such as U+23F7 shows as an empty box in fonts that lack it). Paths from Feather (MIT).
 * Icons are decorative (aria-hidden): the control that holds one carries the accessible name.
 */

/** A funnel: a column's filter. Outlined; `fill="currentColor"` shows a filter that is set. */
export const FilterIcon = createIcon({
  displayName: 'FilterIcon',
  viewBox: '0 0 24 24',
  path: <polygon points="22 3 2 3 10 12.46 10 19 14 21 14 12.46 22 3" />,
  defaultProps: {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
});
