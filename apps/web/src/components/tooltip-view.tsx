import { Tooltip } from '@mantine/core';

/** The chunk DeferredTooltip loads on the first hover. */
export default Tooltip;
